//! The CLI behaves whatever it is given: contradictions are "no solution"
//! (exit 1) found quickly, limits end every run cleanly and say so, the same
//! seed gives byte-identical output (on 1 or 2 threads), a closed pipe ends
//! the run quietly, `-` reads standard input, errors go to stderr and results
//! to stdout, and large batches stream.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

/// A 17-clue sudoku from the shared data set (unique solution).
const SUDOKU: &str =
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";

/// The time any run below must finish in; generous for a shared machine.
const BOUND: Duration = Duration::from_secs(20);

/// Runs `sieve` with the arguments and optional standard input, timing it.
fn sieve(args: &[&str], stdin: Option<&str>) -> (Output, Duration) {
    let started = Instant::now();
    let output = common::run(args, stdin);
    (output, started.elapsed())
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Asserts the run ended on its own, without a panic, within the bound.
fn assert_clean(args: &[&str], output: &Output, elapsed: Duration) {
    let errors = stderr(output);
    assert!(
        !errors.contains("panicked") && !errors.contains("RUST_BACKTRACE"),
        "{args:?} panicked: {errors}"
    );
    assert!(
        output.status.code().is_some(),
        "{args:?} was killed by a signal"
    );
    assert!(elapsed < BOUND, "{args:?} took {elapsed:?}");
}

#[test]
fn contradictions_are_no_solution_with_a_reason() {
    let duplicate_in_row = format!("11{}", &".".repeat(79));
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["sudoku", "solve", &duplicate_in_row], "no solution"),
        (
            vec!["sudoku", "solve", "--unique", &duplicate_in_row],
            "no solution",
        ),
        (vec!["queens", "solve", "3"], "no solution"),
        (
            vec!["queens", "solve", "2", "--method", "classic"],
            "no solution",
        ),
        (
            vec!["magic", "solve", "1 . . . . . . . ."],
            "no magic square",
        ),
    ];
    for (args, reason) in cases {
        let (output, elapsed) = sieve(&args, None);
        assert_clean(&args, &output, elapsed);
        assert_eq!(
            output.status.code(),
            Some(1),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).contains(reason),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(
            stdout(&output).trim().is_empty(),
            "{args:?}: {}",
            stdout(&output)
        );
        assert!(elapsed < Duration::from_secs(5), "{args:?}: {elapsed:?}");
    }
    let (output, _) = sieve(&["sudoku", "count", &duplicate_in_row], None);
    assert_eq!(stdout(&output).trim(), "0");
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn the_sudoku_reason_names_the_clash() {
    let (output, _) = sieve(&["sudoku", "solve", &format!("11{}", ".".repeat(79))], None);
    assert!(
        stderr(&output).contains("1 twice in row 1 (r1c1, r1c2)"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn limits_end_every_run_and_say_so() {
    let empty = ".".repeat(81);
    let empty_25 = vec!["."; 25].join(" ");
    let open_8 = vec!["0"; 32].join(" ");
    let cases: Vec<Vec<&str>> = vec![
        vec!["sudoku", "count", &empty, "--max-nodes", "1000"],
        vec!["sudoku", "count", &empty, "--timeout", "0.2"],
        vec![
            "sudoku",
            "count",
            &empty,
            "--max-nodes",
            "1000",
            "--restore",
            "trail",
        ],
        vec!["queens", "count", "30", "--max-nodes", "2000"],
        vec!["queens", "count", "30", "--timeout", "0.2"],
        vec![
            "queens",
            "count",
            "30",
            "--timeout",
            "0.2",
            "--threads",
            "2",
        ],
        vec![
            "queens",
            "count",
            "30",
            "--max-nodes",
            "2000",
            "--threads",
            "2",
        ],
        vec!["queens", "all", "30", "--max-nodes", "2000"],
        vec!["queens", "all", "30", "--timeout", "0.2"],
        vec!["magic", "count", "6", "--max-nodes", "100"],
        vec!["skyscrapers", "count", &open_8, "--max-nodes", "500"],
        vec!["skyscrapers", "count", &open_8, "--timeout", "0.2"],
        vec!["magic", "count", "6", "--timeout", "0.2"],
        vec!["magic", "solve", &empty_25, "--count", "--timeout", "0.2"],
    ];
    for args in cases {
        let (output, elapsed) = sieve(&args, None);
        assert_clean(&args, &output, elapsed);
        // A search stopped by a limit has no answer: exit 1.
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        let errors = stderr(&output);
        assert!(errors.contains("limit reached"), "{args:?}: {errors}");
        assert!(elapsed < Duration::from_secs(5), "{args:?}: {elapsed:?}");
    }
}

#[test]
fn step_limits_end_the_classic_walk_and_the_repair() {
    for args in [
        vec![
            "queens",
            "solve",
            "8",
            "--method",
            "classic",
            "--max-steps",
            "2",
        ],
        vec![
            "queens",
            "solve",
            "2000",
            "--method",
            "repair",
            "--max-steps",
            "3",
        ],
    ] {
        let (output, elapsed) = sieve(&args, None);
        assert_clean(&args, &output, elapsed);
        assert_eq!(
            output.status.code(),
            Some(1),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).contains("step"),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(elapsed < Duration::from_secs(5), "{args:?}: {elapsed:?}");
    }
}

#[test]
fn the_classic_walk_and_the_repair_honour_timeout_and_refuse_max_nodes() {
    // --timeout stops the walk even when it is allowed far more steps than it can
    // take in the time.
    let args = [
        "queens",
        "solve",
        "64",
        "--method",
        "classic",
        "--max-steps",
        "1000000000",
        "--timeout",
        "0.3",
    ];
    let (output, elapsed) = sieve(&args, None);
    assert_clean(&args, &output, elapsed);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(elapsed < Duration::from_secs(3), "{elapsed:?}");
    // A node limit means nothing to a walk without nodes: refused, naming the flags.
    for method in ["classic", "repair"] {
        let args = [
            "queens",
            "solve",
            "8",
            "--method",
            method,
            "--max-nodes",
            "5",
        ];
        let (output, elapsed) = sieve(&args, None);
        assert_clean(&args, &output, elapsed);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).contains("--max-steps"),
            "{}",
            stderr(&output)
        );
    }
    let args = [
        "queens",
        "all",
        "8",
        "--method",
        "classic",
        "--timeout",
        "1",
    ];
    let (output, elapsed) = sieve(&args, None);
    assert_clean(&args, &output, elapsed);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("--max-runs"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn the_same_seed_gives_the_same_bytes() {
    let open_grid = format!("{}{}", &SUDOKU[..40], ".".repeat(41));
    let cases: Vec<Vec<&str>> = vec![
        vec![
            "queens", "solve", "12", "--method", "classic", "--random", "--seed", "5", "--memory",
        ],
        vec![
            "queens", "solve", "500", "--method", "repair", "--seed", "2",
        ],
        vec![
            "queens",
            "solve",
            "20",
            "--value-seed",
            "9",
            "--var-order",
            "first",
        ],
        vec!["queens", "all", "6", "--method", "classic", "--seed", "3"],
        vec!["magic", "generate", "7", "--hide", "20", "--seed", "42"],
        vec![
            "skyscrapers",
            "generate",
            "5",
            "--count",
            "3",
            "--seed",
            "7",
        ],
        vec!["magic", "solve", "8 . . . . . . . .", "--value-seed", "4"],
        vec!["sudoku", "solve", &open_grid, "--value-seed", "11"],
        vec![
            "sudoku",
            "count",
            &open_grid,
            "--value-seed",
            "11",
            "--limit",
            "3",
        ],
    ];
    for args in cases {
        let (first, _) = sieve(&args, None);
        let (second, _) = sieve(&args, None);
        assert!(!first.stdout.is_empty(), "{args:?}: {}", stderr(&first));
        assert_eq!(first.stdout, second.stdout, "{args:?}");
        assert_eq!(first.status.code(), second.status.code(), "{args:?}");
    }
}

#[test]
fn one_or_two_threads_give_the_same_bytes() {
    for args in [
        vec!["queens", "all", "6", "--method", "classic", "--seed", "3"],
        vec!["queens", "count", "9"],
        vec!["queens", "count", "8", "--unique"],
    ] {
        let mut one = args.clone();
        one.extend(["--threads", "1"]);
        let mut two = args.clone();
        two.extend(["--threads", "2"]);
        let (single, _) = sieve(&one, None);
        let (double, _) = sieve(&two, None);
        assert_eq!(
            single.status.code(),
            Some(0),
            "{one:?}: {}",
            stderr(&single)
        );
        assert_eq!(single.stdout, double.stdout, "{args:?}");
    }
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let batch = format!("{SUDOKU}\n").repeat(20_000);
    for (args, input) in [
        (vec!["sudoku", "solve", "--file", "-"], Some(batch)),
        (vec!["queens", "all", "12"], None),
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sieve"))
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the sieve binary starts");
        let mut stdin = child.stdin.take().expect("a piped stdin");
        let writer = thread::spawn(move || {
            if let Some(text) = input {
                let _ = stdin.write_all(text.as_bytes());
            }
        });
        let mut reader = BufReader::new(child.stdout.take().expect("a piped stdout"));
        let mut line = String::new();
        reader.read_line(&mut line).expect("a first line");
        assert!(!line.trim().is_empty(), "{args:?}");
        drop(reader);
        let output = child.wait_with_output().expect("the run ends");
        writer.join().expect("the writer ends");
        let errors = stderr(&output);
        assert_eq!(output.status.code(), Some(0), "{args:?}: {errors}");
        assert!(!errors.contains("panicked"), "{args:?}: {errors}");
        assert!(!errors.contains("Broken pipe"), "{args:?}: {errors}");
    }
}

#[test]
fn a_dash_reads_standard_input() {
    let (from_stdin, _) = sieve(&["sudoku", "solve", "--file", "-"], Some(SUDOKU));
    let (from_argument, _) = sieve(&["sudoku", "solve", SUDOKU], None);
    assert_eq!(from_stdin.status.code(), Some(0), "{}", stderr(&from_stdin));
    assert_eq!(from_stdin.stdout, from_argument.stdout);

    let square = "2 . .\n. 5 .\n. . 8\n";
    let (magic_stdin, _) = sieve(&["magic", "solve", "-"], Some(square));
    let (magic_file, _) = sieve(&["magic", "solve", "--file", "-"], Some(square));
    let (magic_argument, _) = sieve(&["magic", "solve", square], None);
    assert_eq!(
        magic_stdin.status.code(),
        Some(0),
        "{}",
        stderr(&magic_stdin)
    );
    assert_eq!(magic_stdin.stdout, magic_argument.stdout);
    assert_eq!(magic_file.stdout, magic_argument.stdout);
}

#[test]
fn errors_go_to_stderr_and_results_to_stdout() {
    let batch = format!("{SUDOKU}\nnot a puzzle\n{SUDOKU}\n");
    let (output, elapsed) = sieve(&["sudoku", "solve", "--file", "-"], Some(&batch));
    assert_clean(&["sudoku", "solve"], &output, elapsed);
    assert_eq!(output.status.code(), Some(2));
    let results = stdout(&output);
    assert_eq!(results.lines().count(), 2, "{results}");
    assert!(
        results
            .lines()
            .all(|line| line.len() == 81 && !line.contains('.'))
    );
    assert!(stderr(&output).contains("line 2"), "{}", stderr(&output));

    for args in [
        vec!["sudoku", "solve", "12x"],
        vec!["queens", "solve", "0"],
        vec![
            "queens", "solve", "8", "--method", "classic", "--start", "1x345678",
        ],
        vec!["magic", "solve", "1 2 x"],
        vec!["magic", "generate", "3", "--hide", "99"],
        vec!["sudoku", "solve", "--no-such-flag"],
    ] {
        let (output, elapsed) = sieve(&args, None);
        assert_clean(&args, &output, elapsed);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(stdout(&output).is_empty(), "{args:?}: {}", stdout(&output));
        assert!(!stderr(&output).is_empty(), "{args:?}");
    }
}

#[test]
fn exit_codes_are_documented_in_help() {
    let (output, _) = sieve(&["--help"], None);
    let help = stdout(&output);
    for line in [
        "0  success",
        "1  a puzzle has no solution",
        "2  usage or input error",
    ] {
        assert!(help.contains(line), "--help lacks {line:?}: {help}");
    }
}

#[test]
fn large_batches_stream() {
    const LINES: usize = 50_000;
    let mut child = Command::new(env!("CARGO_BIN_EXE_sieve"))
        .args(["sudoku", "solve", "--file", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sieve binary starts");
    let mut stdin = child.stdin.take().expect("a piped stdin");
    let written = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&written);
    let writer = thread::spawn(move || {
        let line = format!("{SUDOKU}\n");
        for _ in 0..LINES {
            if stdin.write_all(line.as_bytes()).is_err() {
                return;
            }
            counter.fetch_add(1, Ordering::SeqCst);
        }
    });
    let mut reader = BufReader::new(child.stdout.take().expect("a piped stdout"));
    let mut first = String::new();
    reader.read_line(&mut first).expect("a first answer");
    let written_then = written.load(Ordering::SeqCst);
    assert_eq!(first.trim().len(), 81, "{first}");
    assert!(
        written_then < LINES,
        "the first answer came only after all {LINES} lines were written"
    );
    let answers = 1 + reader.lines().map_while(Result::ok).count();
    writer.join().expect("the writer ends");
    let output = child.wait_with_output().expect("the run ends");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(answers, LINES);
}

#[test]
fn a_timeout_too_large_or_not_a_duration_is_a_usage_error() {
    for value in ["1e20", "18446744073709551616", "1000000001"] {
        let args = ["sudoku", "solve", SUDOKU, "--timeout", value];
        let (output, elapsed) = sieve(&args, None);
        assert_clean(&args, &output, elapsed);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{value}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).contains("the largest accepted is 1000000000 seconds"),
            "{value}: {}",
            stderr(&output)
        );
    }
    for value in ["NaN", "inf", "-1", "-0.5", "1s", ""] {
        let timeout = format!("--timeout={value}");
        let args = ["sudoku", "solve", SUDOKU, &timeout];
        let (output, elapsed) = sieve(&args, None);
        assert_clean(&args, &output, elapsed);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{value}: {}",
            stderr(&output)
        );
    }
    let args = ["sudoku", "solve", SUDOKU, "--timeout", "1000000000"];
    let (output, _) = sieve(&args, None);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
}

#[test]
fn a_limit_of_zero_is_a_usage_error() {
    for args in [
        vec!["sudoku", "count", SUDOKU, "--limit", "0"],
        vec!["magic", "count", "3", "--limit", "0"],
        vec![
            "magic",
            "solve",
            "2 . . . 5 . . . 8",
            "--count",
            "--limit",
            "0",
        ],
        vec![
            "skyscrapers",
            "count",
            "0 3 0 0 2 0 0 1 2 0 0 0 0 4 0 0",
            "--limit",
            "0",
        ],
    ] {
        let (output, elapsed) = sieve(&args, None);
        assert_clean(&args, &output, elapsed);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(stdout(&output).is_empty(), "{args:?}");
        assert!(
            stderr(&output).contains("a limit of 0 counts nothing"),
            "{args:?}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn a_long_token_is_echoed_cut_at_80_characters_with_its_length() {
    let digits = "1".repeat(100_000);
    let letters = "x".repeat(5_000);
    for args in [
        vec![
            "queens", "solve", "8", "--method", "classic", "--start", &digits,
        ],
        vec!["sudoku", "solve", "--timeout", &letters],
        vec!["sudoku", "solve", "--tier", &letters],
        vec!["sudoku", "explain", "--cell", &letters],
    ] {
        let (output, elapsed) = sieve(&args, None);
        assert_clean(&args, &output, elapsed);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let message = stderr(&output);
        assert!(message.len() < 1_000, "{args:?}: {} bytes", message.len());
        let long = args.iter().find(|arg| arg.len() > 80).unwrap();
        assert!(
            message.contains(&format!("{}… ({} characters)", &long[..80], long.len())),
            "{args:?}: {message}"
        );
    }
}

/// Runs `sieve sudoku solve --file -` on `batch`, reads one line of `stream`
/// (stdout or stderr), closes it, and returns the exit code and the other stream.
fn close_after_one_line(batch: String, close_stderr: bool) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sieve"))
        .args(["sudoku", "solve", "--file", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sieve binary starts");
    let mut stdin = child.stdin.take().expect("a piped stdin");
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(batch.as_bytes());
    });
    let mut line = String::new();
    if close_stderr {
        let mut reader = BufReader::new(child.stderr.take().expect("a piped stderr"));
        reader.read_line(&mut line).expect("a first message");
    } else {
        let mut reader = BufReader::new(child.stdout.take().expect("a piped stdout"));
        reader.read_line(&mut line).expect("a first answer");
    }
    assert!(!line.trim().is_empty());
    let output = child.wait_with_output().expect("the run ends");
    writer.join().expect("the writer ends");
    let other = if close_stderr {
        stdout(&output)
    } else {
        stderr(&output)
    };
    (output.status.code(), other)
}

#[test]
fn a_closed_stderr_ends_the_run_quietly_like_a_closed_stdout() {
    // Every line bad: only stderr is written to.
    let (code, _) = close_after_one_line("not a puzzle\n".repeat(200_000), true);
    assert_eq!(
        code,
        Some(0),
        "a closed stderr ends the run with 0, no panic"
    );
    // Good and bad lines: either stream closing ends the run the same way.
    let mixed = format!("{SUDOKU}\nnot a puzzle\n").repeat(50_000);
    let (code, errors) = close_after_one_line(mixed.clone(), false);
    assert_eq!(code, Some(0), "{errors}");
    assert!(!errors.contains("panicked"), "{errors}");
    let (code, _) = close_after_one_line(mixed, true);
    assert_eq!(code, Some(0));
}

#[test]
fn threads_are_refused_above_the_bound_and_capped_at_the_cores() {
    for args in [
        vec!["queens", "count", "10", "--threads", "100000"],
        vec![
            "queens",
            "all",
            "6",
            "--method",
            "classic",
            "--threads",
            "1025",
        ],
        vec!["sudoku", "generate", "--seed", "1", "--threads", "100000"],
    ] {
        let (output, elapsed) = sieve(&args, None);
        assert_clean(&args, &output, elapsed);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).contains("at most 1024"),
            "{args:?}: {}",
            stderr(&output)
        );
    }
    // At the bound, the work runs on the machine's cores, not on 1,024 threads.
    let args = ["queens", "count", "10", "--threads", "1024"];
    let (output, elapsed) = sieve(&args, None);
    assert_clean(&args, &output, elapsed);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output).trim(), "724");
}

/// Starts `sieve <args>` reading `--file -`, writes `first` without closing stdin,
/// and returns the first answer line if it comes within 5 seconds.
fn first_answer_while_stdin_is_open(args: &[&str], first: &str) -> Option<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sieve"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sieve binary starts");
    let mut stdin = child.stdin.take().expect("a piped stdin");
    stdin
        .write_all(first.as_bytes())
        .expect("the first line is written");
    stdin.flush().expect("it is sent");
    let stdout = child.stdout.take().expect("a piped stdout");
    let (sender, receiver) = std::sync::mpsc::channel();
    let reader = thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = sender.send(line);
    });
    let answer = receiver.recv_timeout(Duration::from_secs(5)).ok();
    drop(stdin);
    child.wait().expect("the run ends");
    reader.join().expect("the reader ends");
    answer
}

#[test]
fn answers_to_a_stream_come_before_the_stream_ends() {
    let sudoku_line = format!("{SUDOKU}\n");
    for args in [
        &["sudoku", "solve", "--file", "-"][..],
        &["sudoku", "count", "--file", "-"],
        &["sudoku", "rate", "--file", "-"],
        &["skyscrapers", "solve", "--file", "-"],
    ] {
        let input = if args[0] == "skyscrapers" {
            "0 3 0 0 2 0 0 1 2 0 0 0 0 4 0 0\n"
        } else {
            &sudoku_line
        };
        let answer = first_answer_while_stdin_is_open(args, input);
        assert!(
            answer.is_some_and(|line| !line.trim().is_empty()),
            "{args:?}: no answer while the stream is open"
        );
    }
}
