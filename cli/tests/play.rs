//! `sieve sudoku play` end to end: the real binary in a pseudo-terminal (tmux), driven
//! by keys through a short game, asserting on the captured 80×24 screen.

use std::process::{Command, Output};
use std::thread::sleep;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use sieve_sudoku::Grid;
use sieve_sudoku::play::{Level, Method, generate};

const SEED: &str = "7";
const LEVEL: u8 = 1;

/// A tmux server of its own (a unique `-L` socket), killed when dropped.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .expect("tmux runs")
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "game"];
        args.extend_from_slice(keys);
        let output = self.run(&args);
        assert!(output.status.success(), "send-keys {keys:?} failed");
    }

    fn screen(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-J", "-t", "game"]).stdout)
            .into()
    }

    /// Waits until the screen shows `text` and has stopped changing (the
    /// game may be halfway through a redraw), and returns the screen.
    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        let mut previous = String::new();
        loop {
            let screen = self.screen();
            if screen.contains(text) && screen == previous {
                return screen;
            }
            previous = screen.clone();
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "the screen never showed {text:?}; it shows:\n{screen}"
            );
            sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    /// Kills the session's server and removes its socket file.
    fn drop(&mut self) {
        let path = self
            .run(&["display-message", "-p", "#{socket_path}"])
            .stdout;
        let _ = self.run(&["kill-server"]);
        let path = String::from_utf8_lossy(&path).trim().to_string();
        if path.ends_with(&self.socket) {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// Whether tmux can be run; without it the test fails on CI and is skipped elsewhere.
fn tmux_available() -> bool {
    let found = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|output| output.status.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "tmux is needed for the terminal test: install it (apt-get install tmux)"
        );
        eprintln!(
            "SKIPPED: tmux is not installed, so `sieve sudoku play` is not driven in a terminal"
        );
    }
    found
}

/// The cursor's keys (the MZ-80B's `A` down and `P` right) from r1c1 to a cell.
fn keys_to(row: usize, col: usize) -> Vec<&'static str> {
    let mut keys = vec!["a"; row];
    keys.extend(vec!["p"; col]);
    keys
}

/// A solution row as drawn when the cursor is not on it.
fn drawn_row(solution: &Grid, row: usize) -> String {
    let mut text = String::new();
    for col in 0..9 {
        if col % 3 == 0 {
            text.push('|');
        }
        text.push_str(&format!(" {} ", solution.get_at(row, col).unwrap() + 1));
    }
    text.push('|');
    text
}

#[test]
fn a_short_game_in_a_terminal_move_enter_check_hint_reveal() {
    if !tmux_available() {
        return;
    }
    let generated = generate(Level::new(LEVEL).unwrap(), Method::Unique, 7).unwrap();
    let (puzzle, solution) = (generated.puzzle(), generated.solution());
    let empty: Vec<usize> = (0..81).filter(|&cell| puzzle.get(cell).is_none()).collect();
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let tmux = Tmux {
        socket: format!("sieve-play-{}-{nanos}", std::process::id()),
    };
    let command = format!(
        "'{}' sudoku play --seed {SEED} --level {LEVEL}; echo EXIT=$?; sleep 60",
        env!("CARGO_BIN_EXE_sieve")
    );
    let started = tmux.run(&[
        "new-session",
        "-d",
        "-s",
        "game",
        "-x",
        "80",
        "-y",
        "24",
        &command,
    ]);
    assert!(
        started.status.success(),
        "tmux new-session failed: {started:?}"
    );
    let screen = tmux.wait_for("SUDOKU-80B");
    assert!(screen.contains(&format!("level {LEVEL} · seed {SEED}")));
    assert!(screen.contains(&format!("cells to fill {}", empty.len())));
    assert!(screen.lines().count() <= 24);

    // Move to the first empty cell and enter a wrong number: the check erases it.
    let (row, col) = (empty[0] / 9, empty[0] % 9);
    let right = solution.get(empty[0]).unwrap() + 1;
    let wrong = right % 9 + 1;
    tmux.keys(&keys_to(row, col));
    tmux.wait_for(&format!("at r{}c{}", row + 1, col + 1));
    tmux.keys(&[&wrong.to_string()]);
    tmux.wait_for(&format!("[{wrong}]"));
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for("1 wrong entry erased");
    assert!(screen.contains("mistakes 1"), "{screen}");
    assert!(screen.contains("[.]"), "the entry is gone:\n{screen}");

    // The right number, checked.
    tmux.keys(&[&right.to_string()]);
    tmux.wait_for(&format!("[{right}]"));
    tmux.keys(&["Enter"]);
    tmux.wait_for(&format!(
        "no mistakes so far; {} cells to go",
        empty.len() - 1
    ));

    // A hint at the next empty cell (reached with the arrow keys).
    let (next_row, next_col) = (empty[1] / 9, empty[1] % 9);
    let mut arrows = vec!["Up"; row];
    arrows.extend(vec!["Left"; col]);
    arrows.extend(vec!["Down"; next_row]);
    arrows.extend(vec!["Right"; next_col]);
    tmux.keys(&arrows);
    tmux.wait_for(&format!("at r{}c{}", next_row + 1, next_col + 1));
    tmux.keys(&["h"]);
    let screen = tmux.wait_for("hints 1");
    let hinted = solution.get(empty[1]).unwrap() + 1;
    assert!(screen.contains(&format!("[{hinted}]")), "{screen}");
    assert!(
        screen.contains(&format!("r{}c{}", next_row + 1, next_col + 1)),
        "the hint names its cell:\n{screen}"
    );

    // Pencil marks at a third empty cell; V draws every cell's marks in place.
    let (mark_row, mark_col) = (empty[2] / 9, empty[2] % 9);
    let mut arrows = vec!["Up"; next_row];
    arrows.extend(vec!["Left"; next_col]);
    arrows.extend(vec!["Down"; mark_row]);
    arrows.extend(vec!["Right"; mark_col]);
    tmux.keys(&arrows);
    tmux.wait_for(&format!("at r{}c{}", mark_row + 1, mark_col + 1));
    tmux.keys(&["m", "1", "3", "m"]);
    tmux.wait_for("marks: 1 3");
    tmux.keys(&["v"]);
    let screen = tmux.wait_for("V back to the values");
    assert!(screen.lines().count() <= 24, "{screen}");
    assert!(
        screen.lines().all(|line| line.chars().count() <= 80),
        "{screen}"
    );
    // The cell's first line holds marks 1 to 5 in their places: "1 3  ", five
    // characters from its column's start (after the grid's left edge and bars).
    let line = screen
        .lines()
        .nth(2 + mark_row / 3 + 2 * mark_row)
        .expect("the row");
    let start = 3 + mark_col / 3 + 5 * mark_col;
    let cell: String = line.chars().skip(start).take(5).collect();
    assert_eq!(cell, "1 3  ", "{screen}");
    tmux.keys(&["v"]);
    tmux.wait_for("V every cell's marks");

    // Reveal asks first, since it ends the game; R again shows the solution.
    tmux.keys(&["r"]);
    tmux.wait_for("Reveal the solution? It ends the game.");
    tmux.keys(&["r"]);
    let screen = tmux.wait_for("revealed");
    assert!(screen.contains("the solution:"), "{screen}");
    for solution_row in (0..9).filter(|&r| r != next_row) {
        assert!(
            screen.contains(&drawn_row(solution, solution_row)),
            "row {} of the solution is not shown:\n{screen}",
            solution_row + 1
        );
    }
    tmux.keys(&["Escape"]);
    let screen = tmux.wait_for("EXIT=0");
    assert!(
        screen.contains(&format!("level {LEVEL} · seed {SEED}: revealed after")),
        "{screen}"
    );
    assert!(screen.contains("1 mistake, 1 hint"), "{screen}");
}

#[test]
fn a_terminal_smaller_than_80x24_is_refused_with_a_message() {
    if !tmux_available() {
        return;
    }
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let tmux = Tmux {
        socket: format!("sieve-play-small-{}-{nanos}", std::process::id()),
    };
    let command = format!(
        "'{}' sudoku play --seed 1; echo EXIT=$?; sleep 60",
        env!("CARGO_BIN_EXE_sieve")
    );
    let started = tmux.run(&[
        "new-session",
        "-d",
        "-s",
        "game",
        "-x",
        "60",
        "-y",
        "20",
        &command,
    ]);
    assert!(
        started.status.success(),
        "tmux new-session failed: {started:?}"
    );
    let screen = tmux.wait_for("EXIT=2");
    assert!(
        screen.contains("needs a terminal of at least 80x24; this one is 60x20"),
        "{screen}"
    );
}

#[test]
fn a_level_outside_1_to_8_is_a_usage_error() {
    let output = Command::new(env!("CARGO_BIN_EXE_sieve"))
        .args(["sudoku", "play", "--level", "9"])
        .output()
        .expect("the sieve binary runs");
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(message.contains("9 is not in 1..=8"), "{message}");
}

#[test]
fn without_a_terminal_it_says_so() {
    let output = Command::new(env!("CARGO_BIN_EXE_sieve"))
        .args(["sudoku", "play", "--seed", "1"])
        .output()
        .expect("the sieve binary runs");
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(
        message.contains("sieve sudoku play needs a terminal"),
        "{message}"
    );
}
