//! `mapsolver ID`: Map has no text picture; its `main` prints every region as
//! `%5d <- C`, seven to a line, with `C` one of `R`, `Y`, `G`, `B`: the colours
//! 0 to 3 of his `colnames`, the numbering the ID's given colours use.

use super::{OutputError, refusal, unreadable};

/// What `mapsolver` prints instead of a colouring.
const REFUSALS: [&str; 2] = ["Unable to find a unique solution", "Puzzle is inconsistent"];

/// His colour letters, in colour order.
const COLOUR_NAMES: [char; 4] = ['R', 'Y', 'G', 'B'];

/// Reads Map's solution into the zoo's line: one digit `0`–`3` a region, in
/// the order the ID numbers the regions.
pub fn read_map(_id: &str, output: &str) -> Result<String, OutputError> {
    if let Some(refused) = refusal(output, &REFUSALS) {
        return Err(refused);
    }
    let words: Vec<&str> = output.split_whitespace().collect();
    if words.is_empty() || !words.len().is_multiple_of(3) {
        return Err(unreadable("expected `region <- colour` triples"));
    }
    let mut line = String::with_capacity(words.len() / 3);
    for (region, triple) in words.chunks(3).enumerate() {
        let [number, arrow, colour] = triple else {
            return Err(unreadable("expected `region <- colour` triples"));
        };
        if number.parse() != Ok(region) || *arrow != "<-" {
            return Err(unreadable(format!(
                "expected `{region} <- colour`, found `{number} {arrow} {colour}`"
            )));
        }
        let index = colour
            .chars()
            .next()
            .filter(|_| colour.len() == 1)
            .and_then(|letter| COLOUR_NAMES.iter().position(|&name| name == letter))
            .ok_or_else(|| unreadable(format!("`{colour}` is not one of R, Y, G, B")))?;
        line.push(char::from(b'0' + index as u8));
    }
    Ok(line)
}
