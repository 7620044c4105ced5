//! Running a solver as a child process, timed by the wall clock from spawn to
//! exit, with its output captured (reading the pipes is part of the time, for
//! Sieve and Tatham alike).

use std::ffi::OsStr;
use std::path::Path;
use std::process::{Command, ExitStatus};
use std::time::{Duration, Instant};

/// A finished process.
#[derive(Debug)]
pub struct Finished {
    /// Wall-clock time from spawn to exit, output read.
    pub elapsed: Duration,
    /// Standard output, as text (lossy).
    pub stdout: String,
    /// Standard error, as text (lossy).
    pub stderr: String,
    /// How it ended.
    pub status: ExitStatus,
}

/// How a process ended, as a reader wants it said.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Exit code 0.
    Success,
    /// A non-zero exit code.
    Exited(i32),
    /// Killed by this signal (a crash: 11 is a segmentation fault).
    Crashed(i32),
}

impl Finished {
    /// How the process ended.
    pub fn ending(&self) -> Ending {
        if let Some(code) = self.status.code() {
            return if code == 0 {
                Ending::Success
            } else {
                Ending::Exited(code)
            };
        }
        Ending::Crashed(signal_of(&self.status))
    }
}

impl std::fmt::Display for Ending {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ending::Success => write!(formatter, "exited with 0"),
            Ending::Exited(code) => write!(formatter, "exited with {code}"),
            Ending::Crashed(11) => write!(formatter, "crashed (signal 11, segmentation fault)"),
            Ending::Crashed(signal) => write!(formatter, "crashed (signal {signal})"),
        }
    }
}

#[cfg(unix)]
fn signal_of(status: &ExitStatus) -> i32 {
    use std::os::unix::process::ExitStatusExt;
    status.signal().unwrap_or(-1)
}

#[cfg(not(unix))]
fn signal_of(_status: &ExitStatus) -> i32 {
    -1
}

/// Runs `program` with `args` (standard input closed) and waits for it.
pub fn run_timed<S: AsRef<OsStr>>(program: &Path, args: &[S]) -> std::io::Result<Finished> {
    let started = Instant::now();
    let output = Command::new(program).args(args).output()?;
    let elapsed = started.elapsed();
    Ok(Finished {
        elapsed,
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        status: output.status,
    })
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn captures_output_and_endings() {
        let shell = Path::new("/bin/sh");
        let done = run_timed(shell, &["-c", "echo out; echo err >&2; exit 3"]).unwrap();
        assert_eq!(
            (done.stdout.as_str(), done.stderr.as_str()),
            ("out\n", "err\n")
        );
        assert_eq!(done.ending(), Ending::Exited(3));
        let crashed = run_timed(shell, &["-c", "kill -SEGV $$"]).unwrap();
        assert_eq!(crashed.ending(), Ending::Crashed(11));
        assert_eq!(
            crashed.ending().to_string(),
            "crashed (signal 11, segmentation fault)"
        );
        assert_eq!(
            run_timed(shell, &["-c", "true"]).unwrap().ending(),
            Ending::Success
        );
    }
}
