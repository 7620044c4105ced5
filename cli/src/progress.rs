//! Progress on stderr for a long generation (sudoku, skyscrapers) or benchmark: nothing for
//! the first second, then an indicatif bar on a terminal or one plain line
//! elsewhere, and a word when the request may not be met soon.

use std::io::{IsTerminal, Write};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a generation runs before its progress shows.
const SHOW_PROGRESS_AFTER: Duration = Duration::from_secs(1);

/// How long a generation with a rare target runs before a word that it may not be
/// met soon.
const WARN_RARE_AFTER: Duration = Duration::from_secs(3);

/// Progress on stderr for a generation that runs over a second: an indicatif bar on
/// a terminal, one plain line otherwise; and, for a target that may be rare, a word
/// that the request may not be met soon. A watcher thread times it; dropping the
/// `Progress` stops the watcher and clears the bar.
pub struct Progress {
    /// The bar the generation advances, hidden until it has run a second.
    pub bar: ProgressBar,
    /// Dropped to tell the watcher the generation is over.
    done: Option<Sender<()>>,
    watcher: Option<JoinHandle<()>>,
}

impl Progress {
    /// Watches a generation of `count` puzzles: after a second, `announce` (or
    /// the bar), and after three, `rare` when the request may not be met soon.
    pub fn start(count: usize, announce: String, rare: Option<String>) -> Progress {
        Progress::with_template(
            "{spinner} generate {bar:40} {pos}/{len} puzzles ({elapsed}, eta {eta})",
            count,
            announce,
            rare,
        )
    }

    /// As [`Progress::start`], for `count` steps of any work, drawn by an indicatif
    /// `template` (such as `sieve bench`'s passes).
    pub fn with_template(
        template: &str,
        count: usize,
        announce: String,
        rare: Option<String>,
    ) -> Progress {
        let bar = ProgressBar::hidden();
        bar.set_length(count as u64);
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        let (done, finished) = mpsc::channel();
        let shown = bar.clone();
        let watcher = std::thread::spawn(move || {
            if finished.recv_timeout(SHOW_PROGRESS_AFTER) != Err(RecvTimeoutError::Timeout) {
                return;
            }
            show(&shown, &announce);
            let more = WARN_RARE_AFTER.saturating_sub(SHOW_PROGRESS_AFTER);
            if let Some(rare) = rare
                && finished.recv_timeout(more) == Err(RecvTimeoutError::Timeout)
            {
                say(&shown, &rare);
            }
        });
        Progress {
            bar,
            done: Some(done),
            watcher: Some(watcher),
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.done.take();
        if let Some(watcher) = self.watcher.take() {
            let _ = watcher.join();
        }
        self.bar.finish_and_clear();
    }
}

/// Show the bar on a terminal; elsewhere say in one line that the work goes on.
fn show(bar: &ProgressBar, announce: &str) {
    if std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::stderr());
        bar.enable_steady_tick(Duration::from_millis(200));
    } else {
        say(bar, announce);
    }
}

/// A line on stderr, above the bar when it shows. Progress is a courtesy: a stderr
/// that cannot be written leaves it unsaid, and the run's own messages report that.
fn say(bar: &ProgressBar, line: &str) {
    if bar.is_hidden() {
        let _ = writeln!(std::io::stderr().lock(), "{line}");
    } else {
        bar.println(line);
    }
}
