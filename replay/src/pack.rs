//! The page's compact form of a trace: the header as it is, every sentence and
//! inference label written once in a string table, and the events as one flat list
//! of integers. A JSON object per event (`{"step":101,"kind":"change",...}`) costs
//! 50 to 200 bytes; a wake or a run packed this way costs about 8, so a whole
//! hard solve fits in a page of a few hundred kilobytes.
//!
//! Each event is its kind's code, its depth, then its kind's fields in a fixed
//! order (see `docs/trace-format.md`, "The page's packed trace"):
//!
//! | kind | code | fields after the depth |
//! | --- | --- | --- |
//! | wake | 0 | rule |
//! | run | 1 | rule |
//! | change | 2 | rule + 1 (0: a decision), var, inference, text + 1 (0: none), removed count, removed…, cause count, cause…, fact count, (var, relation, value)… |
//! | branch | 3 | var, value, equal (1 or 0) |
//! | conflict | 4 | rule + 1, var + 1, inference |
//! | backtrack | 5 | |
//! | solution | 6 | the value of each variable |
//!
//! Inference and text are indexes into `strings`; a relation is 0 `is`, 1
//! `is_not`, 2 `at_least`, 3 `at_most`.

use std::collections::HashMap;

use serde::Serialize;
use sieve::{TraceDocument, TraceEvent, Value};

/// The `format` of a packed trace.
pub(crate) const PACKED_FORMAT: &str = "sieve-replay";
/// Its version.
pub(crate) const PACKED_VERSION: u32 = 1;

/// The kinds, in the order of their codes.
pub(crate) const KINDS: [&str; 7] = [
    "wake",
    "run",
    "change",
    "branch",
    "conflict",
    "backtrack",
    "solution",
];

/// The fact relations, in the order of their codes.
pub(crate) const RELATIONS: [&str; 4] = ["is", "is_not", "at_least", "at_most"];

/// A trace as the page embeds it.
#[derive(Serialize)]
pub(crate) struct Packed<'a> {
    format: &'static str,
    version: u32,
    variables: &'a [String],
    sizes: &'a [u32],
    firsts: &'a [Value],
    rules: &'a [String],
    /// Each rule's scope, packed like the events: per rule the count of its
    /// variables, then the first and each one's distance from the one before.
    scopes: String,
    labels: &'a [String],
    start: &'a [Vec<Value>],
    /// Every inference label and sentence, once.
    strings: Vec<&'a str>,
    /// How many events `codes` holds.
    events: usize,
    /// The events, packed: the integers written one after the other, each in
    /// [`write_number`]'s few characters.
    codes: String,
}

/// Pack the header of `trace` and the given events (checked by
/// [`crate::validate::check_trace`] first, so every field a kind needs is there).
pub(crate) fn pack<'a>(trace: &'a TraceDocument, events: &'a [TraceEvent]) -> Packed<'a> {
    let mut strings = Strings::default();
    let mut codes = Vec::with_capacity(events.len() * 4);
    for event in events {
        pack_event(event, &mut strings, &mut codes);
    }
    Packed {
        format: PACKED_FORMAT,
        version: PACKED_VERSION,
        variables: &trace.variables,
        sizes: &trace.sizes,
        firsts: &trace.firsts,
        rules: &trace.rules,
        scopes: pack_scopes(&trace.scopes),
        labels: &trace.labels,
        start: &trace.start,
        strings: strings.list,
        events: events.len(),
        codes: write_numbers(&codes),
    }
}

/// The scopes as numbers: per rule its count, then its variables as gaps.
fn pack_scopes(scopes: &[Vec<usize>]) -> String {
    let mut numbers = Vec::new();
    for scope in scopes {
        push_gaps(scope, &mut numbers);
    }
    write_numbers(&numbers)
}

/// A list of variables as numbers: its count, then the first and each one's
/// distance from the one before (small for the ascending lists of scopes).
pub(crate) fn push_gaps(vars: &[usize], numbers: &mut Vec<i64>) {
    numbers.push(vars.len() as i64);
    let mut previous = 0;
    for &var in vars {
        numbers.push(var as i64 - previous);
        previous = var as i64;
    }
}

/// The characters of a packed number: 64 that need no escaping in JSON or HTML
/// and hold no `/` (base64url's alphabet).
const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Every number of `numbers`, each written by [`write_number`].
pub(crate) fn write_numbers(numbers: &[i64]) -> String {
    let mut out = String::with_capacity(numbers.len() * 2);
    for &number in numbers {
        write_number(number, &mut out);
    }
    out
}

/// A number in as few characters as it needs (a variable-length quantity, as in
/// source maps): zig-zag for the sign (0, -1, 1, -2 … become 0, 1, 2, 3 …), then
/// five bits a character, lowest first, the sixth bit set while more follow. The
/// small numbers most events hold take one character.
pub(crate) fn write_number(number: i64, out: &mut String) {
    let mut rest = if number < 0 {
        (number.unsigned_abs() << 1) - 1
    } else {
        number.unsigned_abs() << 1
    };
    loop {
        let digit = (rest & 31) as usize;
        rest >>= 5;
        let more = if rest > 0 { 32 } else { 0 };
        out.push(char::from(DIGITS[digit | more]));
        if rest == 0 {
            break;
        }
    }
}

/// A string table: each string's index, given once.
#[derive(Default)]
pub(crate) struct Strings<'a> {
    pub(crate) list: Vec<&'a str>,
    index: HashMap<&'a str, usize>,
}

impl<'a> Strings<'a> {
    /// The index of `text`, added if it is new.
    pub(crate) fn of(&mut self, text: &'a str) -> i64 {
        let next = self.list.len();
        let index = *self.index.entry(text).or_insert(next);
        if index == next {
            self.list.push(text);
        }
        index as i64
    }
}

/// An optional index written as index + 1, 0 for none.
fn plus_one(index: Option<usize>) -> i64 {
    index.map_or(0, |index| index as i64 + 1)
}

fn pack_event<'a>(event: &'a TraceEvent, strings: &mut Strings<'a>, codes: &mut Vec<i64>) {
    let code = KINDS.iter().position(|&kind| kind == event.kind);
    codes.push(code.unwrap_or(usize::MAX) as i64);
    codes.push(event.depth as i64);
    let var = event.var.unwrap_or_default() as i64;
    match event.kind {
        "wake" | "run" => codes.push(event.rule.unwrap_or_default() as i64),
        "change" => {
            codes.extend([plus_one(event.rule), var]);
            codes.push(strings.of(event.inference.unwrap_or_default()));
            let text = event.text.as_deref().map(|text| strings.of(text) as usize);
            codes.push(plus_one(text));
            codes.push(event.removed.len() as i64);
            codes.extend(event.removed.iter().map(|&value| i64::from(value)));
            codes.push(event.cause.len() as i64);
            codes.extend(event.cause.iter().map(|&cause| cause as i64));
            codes.push(event.facts.len() as i64);
            for fact in &event.facts {
                let relation = RELATIONS.iter().position(|&known| known == fact.relation);
                codes.extend([fact.var as i64, relation.unwrap_or_default() as i64]);
                codes.push(i64::from(fact.value));
            }
        }
        "branch" => {
            codes.extend([var, i64::from(event.value.unwrap_or_default())]);
            codes.push(i64::from(event.equal == Some(true)));
        }
        "conflict" => {
            codes.extend([plus_one(event.rule), plus_one(event.var)]);
            codes.push(strings.of(event.inference.unwrap_or_default()));
        }
        "solution" => codes.extend(event.values.iter().map(|&value| i64::from(value))),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_string_is_written_once() {
        let mut strings = Strings::default();
        assert_eq!(strings.of("possible values"), 0);
        assert_eq!(strings.of("naked single"), 1);
        assert_eq!(strings.of("possible values"), 0);
        assert_eq!(strings.list, ["possible values", "naked single"]);
    }

    #[test]
    fn small_numbers_take_one_character_and_signs_zig_zag() {
        let written: Vec<String> = [0, -1, 1, 15, -16, 16, 1000, -1000]
            .iter()
            .map(|&number| write_numbers(&[number]))
            .collect();
        assert_eq!(written, ["A", "B", "C", "e", "f", "gB", "w-B", "v-B"]);
    }

    #[test]
    fn scopes_are_packed_as_gaps() {
        let scopes = [vec![3, 4, 9], vec![], vec![0]];
        assert_eq!(pack_scopes(&scopes), write_numbers(&[3, 3, 1, 5, 0, 1, 0]));
    }

    #[test]
    fn an_absent_index_is_zero_and_a_present_one_is_shifted() {
        assert_eq!(plus_one(None), 0);
        assert_eq!(plus_one(Some(0)), 1);
        assert_eq!(plus_one(Some(41)), 42);
    }
}
