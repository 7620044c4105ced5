//! `sieve sudoku`: the built binary's output, messages and exit codes.

mod common;

use common::{assert_exit, stderr, stdout};

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use sieve_sudoku::{Grid, check_solution, reference};

/// A 9x9 puzzle with one solution (it needs locked candidates, no guessing).
const ONE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// Another, solved by naked singles alone.
const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// Two givens on one row: no solution.
const CLASH: &str =
    "11..............................................................................9";
/// Too few givens: many solutions.
const OPEN: &str =
    "123456789........................................................................";

/// Runs `sieve sudoku` with `args`, feeding `stdin` when given.
fn sudoku(args: &[&str], stdin: Option<&str>) -> Output {
    common::run_with("sudoku", args, stdin)
}

/// A file in the temporary directory, unique to this test process and name.
fn temporary_file(name: &str, contents: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("sieve-sudoku-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).expect("the temporary file is written");
    path
}

/// Asserts that `solution` (text in any form) solves `puzzle`, by the independent
/// checker and the reference counter.
fn assert_solves(puzzle: &str, solution: &str) {
    let puzzle = Grid::parse(puzzle).expect("a puzzle");
    let solution = Grid::parse(solution).unwrap_or_else(|e| panic!("{e}: {solution}"));
    check_solution(&puzzle, &solution).expect("a correct solution");
    assert_eq!(reference::count_solutions(&puzzle, 2), 1, "a unique puzzle");
}

#[test]
fn with_no_puzzle_solve_shows_and_solves_the_built_in_example() {
    let output = sudoku(&["solve"], None);
    assert_exit(&output, 0);
    let text = stdout(&output);
    let blocks: Vec<&str> = text.split("\n\n").collect();
    let puzzle = blocks
        .iter()
        .find(|block| block.contains('.') && block.contains('|'))
        .expect("the puzzle is shown");
    let solution = blocks
        .iter()
        .find(|block| block.contains('|') && !block.contains('.'))
        .expect("the solution is shown");
    assert_solves(puzzle, solution);
    assert!(text.contains("sieve sudoku solve <puzzle>"), "{text}");
}

#[test]
fn a_puzzle_argument_gives_its_solution_in_its_own_form() {
    let output = sudoku(&["solve", ONE], None);
    assert_exit(&output, 0);
    let text = stdout(&output);
    assert_eq!(text.lines().count(), 1);
    let line = text.trim();
    assert_eq!(line.len(), 81);
    assert!(line.bytes().all(|b| b.is_ascii_digit() && b != b'0'));
    assert_solves(ONE, line);
    // A block comes back as a block.
    let block = Grid::parse(CLASSIC).unwrap().to_block().unwrap();
    let output = sudoku(&["solve", &block], None);
    assert_exit(&output, 0);
    let text = stdout(&output);
    assert_eq!(
        text.lines().filter(|l| l.contains('|')).count(),
        9,
        "{text}"
    );
    assert_solves(CLASSIC, &text);
}

#[test]
fn a_batch_goes_on_past_a_malformed_and_an_unsolvable_line() {
    let file = temporary_file(
        "batch",
        &format!("# a comment, then a blank line\n\n{ONE}\n12345\n{CLASH}\n{CLASSIC}\n"),
    );
    let output = sudoku(&["solve", "--file", file.to_str().unwrap()], None);
    // A malformed line is an input error: exit code 2, even though others solved.
    assert_exit(&output, 2);
    let lines: Vec<String> = stdout(&output).lines().map(String::from).collect();
    assert_eq!(lines.len(), 2, "one line a solved puzzle, in order");
    assert_solves(ONE, &lines[0]);
    assert_solves(CLASSIC, &lines[1]);
    let messages = stderr(&output);
    assert!(
        messages.contains("line 4: found 5 cells, which is not a square number"),
        "{messages}"
    );
    assert!(
        messages.contains("line 5: no solution: 1 twice in row 1 (r1c1, r1c2)"),
        "{messages}"
    );
    assert!(messages.contains("line 4 was not a puzzle"), "{messages}");
    let order = |needle: &str| messages.find(needle).expect("the message is there");
    assert!(order("line 4:") < order("line 5:"), "{messages}");
}

#[test]
fn an_unsolvable_puzzle_alone_exits_with_1() {
    let file = temporary_file("unsolvable", &format!("{CLASSIC}\n{CLASH}\n"));
    let output = sudoku(&["solve", "--file", file.to_str().unwrap()], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output).lines().count(), 1);
    assert!(stderr(&output).contains("line 2: no solution"));
}

#[test]
fn puzzles_stream_from_stdin() {
    let input = format!("{ONE}\n{CLASSIC}\n");
    let output = sudoku(&["solve", "--file", "-", "--unique"], Some(&input));
    assert_exit(&output, 0);
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_solves(ONE, lines[0]);
    assert_solves(CLASSIC, lines[1]);
    assert_eq!(stderr(&output), "");
}

#[test]
fn unique_reports_several_solutions_as_an_error_on_the_line() {
    let input = format!("{CLASSIC}\n{OPEN}\n");
    let output = sudoku(&["solve", "--file", "-", "--unique"], Some(&input));
    assert_exit(&output, 1);
    assert_eq!(stdout(&output).lines().count(), 1);
    let messages = stderr(&output);
    assert!(messages.contains("line 2: several solutions"), "{messages}");
    // Without --unique the same puzzle gets one of its solutions.
    let output = sudoku(&["solve", OPEN], None);
    assert_exit(&output, 0);
    let solution = Grid::parse(stdout(&output).trim()).unwrap();
    check_solution(&Grid::parse(OPEN).unwrap(), &solution).expect("a solution");
}

#[test]
fn count_prints_one_number_a_puzzle() {
    let input = format!("{ONE}\n{OPEN}\n{CLASH}\n");
    let output = sudoku(&["count", "--file", "-", "--limit", "5"], Some(&input));
    // The clash has no solution: exit code 1, but its count is printed.
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "1\n5\n0\n");
    // A 4x4 with one given: 72 of the 288 grids.
    let output = sudoku(&["count", "1...............", "--box", "2x2"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "72\n");
}

#[test]
fn stats_go_to_stderr() {
    let output = sudoku(&["solve", ONE, "--stats", "--unique"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output).lines().count(), 1);
    let messages = stderr(&output);
    for word in ["nodes", "guesses", "propagations", "time"] {
        assert!(messages.contains(word), "{word} in {messages}");
    }
    let input = format!("{ONE}\n{CLASSIC}\n");
    let output = sudoku(&["solve", "--file", "-", "--stats"], Some(&input));
    let messages = stderr(&output);
    assert!(messages.contains("line 1: nodes"), "{messages}");
    assert!(messages.contains("line 2: nodes"), "{messages}");
    assert!(messages.contains("total: nodes"), "{messages}");
}

#[test]
fn every_strategy_and_tier_gives_the_same_solution() {
    let expected = stdout(&sudoku(&["solve", ONE], None));
    for flags in [
        &["--schedule", "sweep"][..],
        &["--schedule", "priority", "--restore", "trail"],
        &["--var-order", "first"],
        &["--var-order", "dom-wdeg", "--value-seed", "3"],
        &["--tier", "naked-single"],
        &["--tier", "fish", "--schedule", "priority"],
    ] {
        let mut args = vec!["solve", ONE, "--unique"];
        args.extend_from_slice(flags);
        let output = sudoku(&args, None);
        assert_exit(&output, 0);
        assert_eq!(stdout(&output), expected, "{flags:?}");
    }
}

#[test]
fn other_shapes_and_forms_come_back_as_given() {
    let six = "1..... ..3... ...... ...... ...4.. .....6";
    let output = sudoku(&["solve", six, "--box", "2x3"], None);
    assert_exit(&output, 0);
    let line = stdout(&output);
    assert_eq!(line.trim().len(), 36);
    let puzzle = Grid::parse_with_shape(six, "2x3".parse().unwrap()).unwrap();
    let solution = Grid::parse_with_shape(line.trim(), puzzle.shape()).unwrap();
    check_solution(&puzzle, &solution).expect("a 6x6 solution");
    // The numbers form on one line stays one line of numbers.
    let numbers = Grid::parse(CLASSIC)
        .unwrap()
        .to_numbers()
        .replace('\n', " ");
    let numbers = numbers.replace(" 0", " 00").replacen('5', "05", 1);
    let output = sudoku(&["solve", &numbers], None);
    assert_exit(&output, 0);
    let text = stdout(&output);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert_eq!(text.split_whitespace().count(), 81, "{text}");
    assert_solves(CLASSIC, &text);
}

#[test]
fn rate_hint_steps_and_candidates_explain_a_puzzle() {
    let output = sudoku(&["rate", CLASSIC], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "naked-single, score 10\n");
    let output = sudoku(&["hint", CLASSIC], None);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "technique: naked single (tier 1, naked-single)\n\
         where: naked single r5c5\n\
         cells: r5c5\n\
         deduction: [naked single] r5c5 can only be 5: 1-4 and 6-9 are all seen in its row, \
         column or box\n"
    );
    // Asked in stages, the hint tells only the technique and where, then the cells.
    let output = sudoku(&["hint", CLASSIC, "--stage", "1"], None);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "technique: naked single (tier 1, naked-single)\nwhere: naked single r5c5\n"
    );
    let output = sudoku(&["hint", CLASSIC, "--stage", "2"], None);
    assert!(
        stdout(&output).ends_with("cells: r5c5\n"),
        "{}",
        stdout(&output)
    );
    let output = sudoku(&["hint", CLASSIC, "--stage", "4"], None);
    assert_exit(&output, 2);
    let output = sudoku(&["steps", CLASSIC], None);
    assert_exit(&output, 0);
    let text = stdout(&output);
    assert!(text.contains("solved in 51 steps"), "{text}");
    assert_solves(CLASSIC, text.lines().last().unwrap());
    let output = sudoku(&["steps", CLASSIC, "--max", "2"], None);
    assert!(stdout(&output).contains("stopped after 2 steps"));
    let output = sudoku(&["candidates", ONE, "--tier", "3"], None);
    assert_exit(&output, 0);
    let marks = stdout(&output);
    let cell_lines = marks
        .lines()
        .filter(|l| l.contains(|c: char| c.is_ascii_digit()));
    assert_eq!(
        cell_lines.count(),
        9 * 3,
        "three lines a row of cells:\n{marks}"
    );
    let output = sudoku(&["rate", CLASH], None);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains("no solution"));
}

#[test]
fn bad_usage_exits_with_2() {
    let output = sudoku(&["solve", "123"], None);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("sieve: found 3 cells"));
    let output = sudoku(&["rate"], None);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("no puzzle"));
    let output = sudoku(&["solve", "--tier", "x-wing", ONE], None);
    assert_exit(&output, 2);
    let output = sudoku(&["solve", "--file", "/no/such/file"], None);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("/no/such/file"));
}

#[test]
fn help_shows_examples() {
    for args in [&["--help"][..], &["solve", "--help"], &["count", "--help"]] {
        let output = sudoku(args, None);
        assert_exit(&output, 0);
        assert!(stdout(&output).contains("Examples:"), "{args:?}");
    }
}

#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    let many = format!("{ONE}\n").repeat(20_000);
    let file = temporary_file("many", &many);
    let mut child = Command::new(env!("CARGO_BIN_EXE_sieve"))
        .args(["sudoku", "solve", "--file", file.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sieve binary starts");
    let mut first = String::new();
    let mut reader = BufReader::new(child.stdout.take().expect("a stdout pipe"));
    reader.read_line(&mut first).expect("a first line");
    assert_solves(ONE, first.trim());
    drop(reader);
    let output = child.wait_with_output().expect("it ends");
    assert_eq!(stderr(&output), "", "no panic, no message");
    assert_eq!(output.status.code(), Some(0));
}

/// Each cell's pencil marks in a 9x9 view of `sieve ... --marks` or `candidates`, row
/// by row: the digits shown in its 3x3 block of characters.
fn read_pencil_marks(view: &str) -> Vec<Vec<String>> {
    let cell_lines: Vec<Vec<String>> = view
        .lines()
        .filter(|line| line.contains(|c: char| c == '.' || c.is_ascii_digit()))
        .filter(|line| !line.starts_with(|c: char| c == '[' || c.is_ascii_alphabetic()))
        .map(|line| {
            line.replace('|', " ")
                .split_whitespace()
                .map(str::to_string)
                .collect()
        })
        .collect();
    assert_eq!(cell_lines.len(), 27, "three lines a row of cells:\n{view}");
    cell_lines
        .chunks(3)
        .map(|rows| {
            (0..9)
                .map(|col| {
                    rows.iter()
                        .flat_map(|row| row[col].chars())
                        .filter(char::is_ascii_digit)
                        .collect()
                })
                .collect()
        })
        .collect()
}

#[test]
fn hint_marks_leave_out_every_value_placed_in_a_row_column_or_box() {
    let output = sudoku(&["hint", CLASSIC, "--marks"], None);
    assert_exit(&output, 0);
    let marks = read_pencil_marks(&stdout(&output));
    // The givens, and the hint's placement: r5c5 = 5.
    let mut grid: Vec<char> = CLASSIC.chars().collect();
    grid[4 * 9 + 4] = '5';
    let placed = |row: usize, col: usize| Some(grid[row * 9 + col]).filter(|&c| c != '.');
    for (row, marks_of_row) in marks.iter().enumerate() {
        for (col, open) in marks_of_row.iter().enumerate() {
            if placed(row, col).is_some() {
                continue;
            }
            for other in 0..9 {
                let box_row = row / 3 * 3 + other / 3;
                let box_col = col / 3 * 3 + other % 3;
                for peer in [
                    placed(row, other),
                    placed(other, col),
                    placed(box_row, box_col),
                ]
                .into_iter()
                .flatten()
                {
                    assert!(
                        !open.contains(peer),
                        "r{}c{} shows {peer}, placed beside it: {open}",
                        row + 1,
                        col + 1
                    );
                }
            }
        }
    }
    // The hint itself is applied: r5c5 holds 5.
    assert_eq!(marks[4][4], "5");
}

/// Arto Inkala's puzzle: unique, but logic alone gets stuck after one step.
const HARDEST: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

#[test]
fn rate_refuses_a_puzzle_without_exactly_one_solution() {
    let empty = ".".repeat(81);
    for (puzzle, reason) in [
        (empty.as_str(), "several solutions"),
        (OPEN, "several solutions"),
    ] {
        let output = sudoku(&["rate", puzzle], None);
        assert_exit(&output, 1);
        assert_eq!(stdout(&output), "", "no rating for {puzzle}");
        let message = stderr(&output);
        assert!(
            message.contains("not rated") && message.contains(reason),
            "{message}"
        );
    }
    // A batch rates the unique puzzles and names the line of the others.
    let output = sudoku(
        &["rate", "--file", "-"],
        Some(&format!("{CLASSIC}\n{empty}\n")),
    );
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "naked-single, score 10\n");
    assert!(stderr(&output).contains("line 2: not rated: several solutions"));
}

#[test]
fn steps_that_get_stuck_say_where_and_why_and_exit_1() {
    let output = sudoku(&["steps", HARDEST], None);
    assert_exit(&output, 1);
    let text = stdout(&output);
    assert!(
        text.contains("stuck after 1 step with 60 cells open"),
        "{text}"
    );
    assert!(text.contains("no rule of tiers 1-5 applies"), "{text}");
    let message = stderr(&output);
    assert!(
        message.contains("logic alone stops after 1 step with 60 cells open: guessing is needed"),
        "{message}"
    );
    // Stopped by --max is what was asked for: success.
    assert_exit(&sudoku(&["steps", HARDEST, "--max", "1"], None), 0);
}

#[test]
fn repeated_givens_are_named_with_their_house_before_any_rule_runs() {
    let clash = format!("11{}", ".".repeat(79));
    let column = format!("1{}1{}", ".".repeat(8), ".".repeat(71));
    let boxed = format!("1{}1{}", ".".repeat(9), ".".repeat(70));
    for (puzzle, reason) in [
        (&clash, "1 twice in row 1 (r1c1, r1c2)"),
        (&column, "1 twice in column 1 (r1c1, r2c1)"),
        (&boxed, "1 twice in box 1 (r1c1, r2c2)"),
    ] {
        for command in ["solve", "rate", "hint", "steps", "candidates"] {
            let output = sudoku(&[command, puzzle], None);
            assert_exit(&output, 1);
            let message = stderr(&output);
            assert!(
                message.contains(&format!("no solution: {reason}")),
                "{command}: {message}"
            );
        }
    }
    // explain answers on stdout, whichever cell is asked about.
    for cell in ["r1c1", "r5c5"] {
        let output = sudoku(&["explain", &clash, "--cell", cell], None);
        assert_exit(&output, 1);
        assert_eq!(
            stdout(&output),
            "no solution: 1 twice in row 1 (r1c1, r1c2)\n",
            "{cell}"
        );
    }
}

#[test]
fn a_grid_past_the_symbols_is_answered_in_numbers_that_read_back() {
    // An empty 64x64 grid written with zeros reads as symbols, but its solution
    // needs numbers: it is written in numbers, which read back as a solved grid.
    let empty = vec![vec!["0"; 64].join(" "); 64].join("\n");
    let output = sudoku(&["solve", &empty, "--box", "8"], None);
    assert_exit(&output, 0);
    let solved = stdout(&output);
    let rows: Vec<&str> = solved.lines().collect();
    assert_eq!(rows.len(), 64, "{solved}");
    assert!(rows.iter().all(|row| row.split_whitespace().count() == 64));
    assert!(solved.contains("64"), "values past 61 are written");
    let again = sudoku(&["solve", &solved, "--box", "8"], None);
    assert_exit(&again, 0);
    assert_eq!(stdout(&again), solved);
}
