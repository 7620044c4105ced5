//! How values are written as single characters: `1`-`9`, then `A`-`Z`, then `a`-`z`.
//!
//! Values are 0-based inside the crate: value 0 is written `1`, value 9 is `A`,
//! value 35 is `Z`, value 36 is `a` and value 60 is `z`. That makes 61 symbols,
//! so the one-character forms hold grids up to 61×61 (in practice 49×49, the
//! largest boxed square below it); the numbers form holds any size up to 64.
//! A blank is `.` (or `0` when reading).

/// How many values have a one-character symbol.
pub const SYMBOL_COUNT: usize = 61;

/// The character for a 0-based value, or `None` beyond the 61 symbols.
pub fn symbol(value: u8) -> Option<char> {
    let value = u32::from(value);
    let code = match value {
        0..=8 => u32::from(b'1') + value,
        9..=34 => u32::from(b'A') + value - 9,
        35..=60 => u32::from(b'a') + value - 35,
        _ => return None,
    };
    char::from_u32(code)
}

/// The 0-based value of a symbol character, or `None` if it is not one
/// (blanks `.` and `0` are not symbols).
pub fn value_of(symbol: char) -> Option<u8> {
    let offset = |base: char, first: u8| Some(first + (symbol as u32 - base as u32) as u8);
    match symbol {
        '1'..='9' => offset('1', 0),
        'A'..='Z' => offset('A', 9),
        'a'..='z' => offset('a', 35),
        _ => None,
    }
}

/// Whether a character stands for an empty cell when reading.
pub fn is_blank(character: char) -> bool {
    matches!(character, '.' | '0')
}

/// How a person reads a value in messages for a grid of side `size`:
/// its symbol while every value of that size has one, its 1-based number beyond.
pub fn label(size: usize, value: u8) -> String {
    match symbol(value) {
        Some(character) if size <= SYMBOL_COUNT => character.to_string(),
        _ => (u32::from(value) + 1).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_round_trip() {
        for value in 0..SYMBOL_COUNT as u8 {
            let character = symbol(value).unwrap();
            assert_eq!(value_of(character), Some(value));
        }
        assert_eq!(symbol(61), None);
        assert_eq!(symbol(9), Some('A'));
        assert_eq!(symbol(35), Some('a'));
        assert_eq!(value_of('0'), None);
        assert_eq!(label(64, 9), "10");
        assert_eq!(label(16, 9), "A");
    }
}
