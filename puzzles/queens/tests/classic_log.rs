//! The source's state memory text: writing and reading it back.

use sieve_queens::classic_log::{INIT_LABEL, SEPARATOR};
use sieve_queens::{LogParseError, Step, StepKind, format_memory, parse_memory};

fn step(board: &str, kind: StepKind) -> Step {
    Step {
        board: board.parse().unwrap(),
        kind,
    }
}

/// The opening of the source's own example, with a refused step.
fn sample() -> Vec<Step> {
    vec![
        step("11111111", StepKind::Init),
        step("12111111", StepKind::Action { queen: 2, row: 2 }),
        step("13111111", StepKind::Action { queen: 2, row: 3 }),
        step("13211111", StepKind::Action { queen: 3, row: 2 }),
        step("13524111", StepKind::Refused { queen: 6, row: 1 }),
    ]
}

#[test]
fn the_source_constants_are_kept() {
    // QueIni and QueSep in make.tol.
    assert_eq!(INIT_LABEL, "INIT");
    assert_eq!(SEPARATOR, '|');
}

#[test]
fn memory_is_written_as_the_source_writes_it() {
    assert_eq!(
        format_memory(&sample()),
        "11111111INIT|12111111A2:2|13111111A2:3|13211111A3:2|13524111R6:1|"
    );
    assert_eq!(sample()[4].memory_entry(), "13524111R6:1|");
    assert_eq!(sample()[4].kind.to_string(), "R6:1");
    assert_eq!(format_memory(&[]), "");
}

#[test]
fn memory_round_trips() {
    let text = format_memory(&sample());
    assert_eq!(parse_memory(&text).unwrap(), sample());
    // A missing final separator and blank pieces are tolerated, as in the
    // source's trace reader.
    assert_eq!(
        parse_memory("11111111INIT| |12111111A2:2").unwrap(),
        sample()[..2].to_vec()
    );
}

#[test]
fn large_boards_are_written_space_separated() {
    let steps = vec![
        step("1 1 1 1 1 1 1 1 1 1", StepKind::Init),
        step(
            "1 1 1 1 1 1 1 1 1 2",
            StepKind::Action { queen: 10, row: 2 },
        ),
        step(
            "1 1 1 1 1 1 1 1 1 10",
            StepKind::Refused { queen: 10, row: 10 },
        ),
    ];
    let text = format_memory(&steps);
    assert_eq!(
        text,
        "1 1 1 1 1 1 1 1 1 1INIT|1 1 1 1 1 1 1 1 1 2A10:2|1 1 1 1 1 1 1 1 1 10R10:10|"
    );
    assert_eq!(parse_memory(&text).unwrap(), steps);
}

#[test]
fn steps_serialise_flat_as_json() {
    let json = serde_json::to_string(&sample()[4]).unwrap();
    assert_eq!(
        json,
        r#"{"board":[1,3,5,2,4,1,1,1],"kind":"refused","queen":6,"row":1}"#
    );
    assert_eq!(serde_json::from_str::<Step>(&json).unwrap(), sample()[4]);
    let init = serde_json::to_string(&sample()[0]).unwrap();
    assert_eq!(init, r#"{"board":[1,1,1,1,1,1,1,1],"kind":"init"}"#);
}

#[test]
fn malformed_memory_names_the_entry() {
    let message = |text: &str| parse_memory(text).unwrap_err().to_string();
    assert_eq!(
        message("11111111INIT|1211111xA2:2|"),
        "entry 2: bad board: column 8 (character 8): 'x' is not a digit"
    );
    assert_eq!(
        message("11111111INIT|12111111|"),
        "entry 2: \"12111111\" has no INIT, A or R label"
    );
    assert_eq!(
        message("11111111INIT|12111111A2-2|"),
        "entry 2: bad label \"A2-2\": expected INIT, A<queen>:<row> or R<queen>:<row>"
    );
    assert_eq!(
        message("11111111INIT|12111111A2:|"),
        "entry 2: bad label \"A2:\": expected INIT, A<queen>:<row> or R<queen>:<row>"
    );
    assert_eq!(
        message("11111111INITIAL|"),
        "entry 1: bad label \"INITIAL\": expected INIT, A<queen>:<row> or R<queen>:<row>"
    );
    assert_eq!(
        message("11111111INIT|12111111A9:2|"),
        "entry 2: queen 9 is outside 1..=8"
    );
    assert_eq!(
        message("11111111INIT|12111111A2:3|"),
        "entry 2: label says queen 2 is on row 3, the board has row 2"
    );
    assert_eq!(
        message("11111111INIT|1211111A2:2|"),
        "entry 2: board has 7 columns, the first entry has 8"
    );
    assert!(matches!(
        parse_memory("A2:2|"),
        Err(LogParseError::Board { entry: 1, .. })
    ));
}

#[test]
fn an_empty_memory_has_no_steps() {
    assert_eq!(parse_memory("").unwrap(), Vec::<Step>::new());
    assert_eq!(parse_memory("|").unwrap(), Vec::<Step>::new());
}
