//! The checks every zoo puzzle's test file makes through the built binary,
//! written once: answers against Tatham's committed ones, malformed IDs, the
//! help's example, ratings. Each puzzle's file keeps only what is its own.

use super::{assert_exit, run, stderr, stdout};

/// A puzzle crate's committed Tatham data (`puzzles/CRATE/tests/tatham/`, whose
/// header says how it was made): the IDs and his solver's answer to each.
pub struct TathamSet {
    /// The path of the IDs file, to hand to `--file`.
    pub path: String,
    /// The IDs, one a line, blanks and `# ` comments left out.
    pub ids: Vec<String>,
    /// His answers, in the order of the IDs.
    pub answers: Vec<String>,
}

impl TathamSet {
    /// `STEM_ids.txt` and `STEM_solutions.txt` of the crate in `puzzles/CRATE`.
    pub fn load(crate_dir: &str, stem: &str) -> TathamSet {
        let (path, ids) = data_lines(crate_dir, &format!("{stem}_ids.txt"));
        let (_, answers) = data_lines(crate_dir, &format!("{stem}_solutions.txt"));
        assert_eq!(ids.len(), answers.len(), "{path}: one answer an ID");
        TathamSet { path, ids, answers }
    }

    /// Each of `commands` (a puzzle's name and its aliases) prints his answer
    /// for every ID with `solve --format line --file`, and nothing on stderr.
    pub fn assert_solved_by(&self, commands: &[&str]) {
        for command in commands {
            let lines = self.lines_of(&[command, "solve", "--format", "line"]);
            for ((id, ours), his) in self.ids.iter().zip(&lines).zip(&self.answers) {
                assert_eq!(ours, his, "{command}: {id}");
            }
        }
    }

    /// The first ID given as an argument, rather than in a file, gets its answer.
    pub fn assert_first_solved_as_argument(&self, command: &str) {
        let output = run(&[command, "solve", "--format", "line", &self.ids[0]], None);
        assert_exit(&output, 0);
        assert_eq!(stdout(&output), format!("{}\n", self.answers[0]));
    }

    /// `sieve COMMAND rate --file`: one rating an ID.
    pub fn ratings(&self, command: &str) -> Vec<String> {
        self.lines_of(&[command, "rate"])
    }

    /// The output lines of `ARGS --file PATH`: exit 0, one line an ID, nothing
    /// on stderr.
    fn lines_of(&self, args: &[&str]) -> Vec<String> {
        let mut all = args.to_vec();
        all.extend(["--file", &self.path]);
        let output = run(&all, None);
        assert_exit(&output, 0);
        assert_eq!(stderr(&output), "", "{all:?}");
        let lines: Vec<String> = stdout(&output).lines().map(str::to_string).collect();
        assert_eq!(lines.len(), self.ids.len(), "{all:?}: one line an ID");
        lines
    }
}

/// A committed data file of `puzzles/CRATE/tests/tatham/` and its lines, blanks
/// and `# ` comments left out (a bare `#` starts many answers: a black cell).
pub fn data_lines(crate_dir: &str, name: &str) -> (String, Vec<String>) {
    let path = format!(
        "{}/../puzzles/{crate_dir}/tests/tatham/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"));
    let lines = (text.lines())
        .filter(|line| !line.trim().is_empty() && !line.starts_with("# "))
        .map(str::to_string)
        .collect();
    (path, lines)
}

/// Each `(id, message)` of `cases`: `sieve COMMAND solve ID` exits 2, prints
/// nothing, and says `message` (where the ID goes wrong) on stderr.
pub fn assert_malformed_ids_exit_2(command: &str, cases: &[(&str, &str)]) {
    for (id, message) in cases {
        let output = run(&[command, "solve", id], None);
        assert_exit(&output, 2);
        let errors = stderr(&output);
        assert!(errors.contains(message), "{id}: {errors}");
        assert_eq!(stdout(&output), "", "{id}");
    }
}

/// In a file, a malformed ID after a good one is reported with its line
/// (`line 2: ` then `message`), exit 2, and the good one is still solved.
pub fn assert_bad_second_line_reported(command: &str, good: &str, bad: &str, message: &str) {
    let input = format!("{good}\n{bad}\n");
    let output = run(
        &[command, "solve", "--format", "line", "--file", "-"],
        Some(&input),
    );
    assert_exit(&output, 2);
    assert_eq!(stdout(&output).lines().count(), 1, "the good ID is solved");
    let errors = stderr(&output);
    assert!(
        errors.starts_with(&format!("line 2: {message}")),
        "{errors}"
    );
}

/// `sieve COMMAND --help`, for each of `commands`, shows `example`; the
/// caller checks that the example parses.
pub fn assert_help_shows(commands: &[&str], example: &str) {
    for command in commands {
        let output = run(&[command, "--help"], None);
        assert_exit(&output, 0);
        let help = stdout(&output);
        assert!(help.contains(example), "{command}: {help}");
    }
}
