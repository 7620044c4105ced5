//! The replay page in a real headless browser (Debian's `chromium`): pages of three
//! puzzles are opened at a few steps through `#step=N`, and the DOM the page draws is
//! checked against the state replayed here in Rust from the same trace.
//!
//! Without chromium the test fails when `CI` is set (CI installs it) and prints a
//! skip notice otherwise.

mod common;

use std::collections::HashMap;
use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use common::{Element, Recorded};
use sieve::{TraceDocument, TraceEvent, Value};
use sieve_replay::{View, replay_page, replay_page_with_limit};

const BROWSER: &str = "chromium";
const INSTALL: &str = "apt-get update && apt-get install -y chromium";
const LAUNCH_TIMEOUT: Duration = Duration::from_secs(60);

/// A fresh directory for pages and browser profiles, removed at the end.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Self {
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |time| time.as_nanos());
        let dir = std::env::temp_dir().join(format!(
            "sieve-replay-browser-{}-{nanos}",
            std::process::id()
        ));
        fs::create_dir_all(&dir).expect("a temporary directory");
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn browser_available() -> bool {
    Command::new(BROWSER)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// Open `page` at `fragment` in headless chromium and return the DOM it drew.
fn dump_dom(scratch: &Scratch, page: &Path, fragment: &str) -> String {
    let stem = page
        .file_stem()
        .map_or(String::new(), |stem| stem.to_string_lossy().into_owned());
    let launch = format!("{stem}{}", fragment.replace(['#', '='], "-"));
    let profile = scratch.0.join(format!("{launch}-profile"));
    let output = scratch.0.join(format!("{launch}-dom.html"));
    let log = scratch.0.join(format!("{launch}.log"));
    let mut child = Command::new(BROWSER)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--virtual-time-budget=3000")
        // The page's console on standard error, to check that it stays silent.
        .args(["--enable-logging=stderr", "--v=0"])
        .arg("--dump-dom")
        .arg(format!("file://{}{fragment}", page.display()))
        .stdout(File::create(&output).expect("the DOM file"))
        .stderr(File::create(&log).expect("the log file"))
        .spawn()
        .expect("chromium starts");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("chromium runs") {
            break status;
        }
        if started.elapsed() > LAUNCH_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium did not finish within {LAUNCH_TIMEOUT:?} on {fragment}");
        }
        std::thread::sleep(Duration::from_millis(25));
    };
    assert!(status.success(), "chromium failed on {fragment}: {status}");
    let _ = fs::remove_dir_all(&profile);
    let console = fs::read_to_string(&log).expect("the browser's log");
    // The page writes nothing to its console: a script error or a request the
    // content security policy blocked would appear here.
    let logged: Vec<&str> = console
        .lines()
        .filter(|line| line.contains(":CONSOLE"))
        .collect();
    assert!(
        logged.is_empty(),
        "the page logged on {fragment}: {logged:#?}"
    );
    fs::read_to_string(&output).expect("the dumped DOM")
}

fn label(trace: &TraceDocument, value: Value) -> String {
    trace
        .labels
        .get(usize::try_from(value).unwrap_or(usize::MAX))
        .cloned()
        .unwrap_or_else(|| value.to_string())
}

fn joined(values: &[Value]) -> String {
    values
        .iter()
        .map(Value::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The variable whose values the current step strikes through, with those
/// values: a change's removals, or every value a conflict's variable had (the
/// page draws it empty, as the conflict says).
type Struck = Option<(usize, Vec<Value>)>;

/// The values the current event just removed from `var` (drawn struck through).
fn removed_now(struck: &Struck, var: usize) -> Vec<Value> {
    match struck {
        Some((struck, values)) if *struck == var => values.clone(),
        _ => Vec::new(),
    }
}

fn spans_with_class(html: &str, class: &str) -> Vec<String> {
    common::find_elements(html, |tag, attributes| {
        tag == "span" && attributes.get("class").is_some_and(|value| value == class)
    })
    .iter()
    .map(Element::text)
    .collect()
}

/// Every cell shows the expected candidates: a value, or pencil marks with the
/// values just removed struck through.
fn check_grid(dom: &str, recorded: &Recorded, state: &[Vec<Value>], struck: &Struck) {
    let trace = &recorded.trace;
    let View::Grid { cells, .. } = &recorded.view else {
        unreachable!("a grid view")
    };
    let drawn = common::find_elements(dom, |tag, attributes| {
        tag == "div"
            && attributes
                .get("class")
                .is_some_and(|class| class.starts_with("cell"))
    });
    assert_eq!(drawn.len(), cells.len(), "one element per cell");
    for (cell, &var) in drawn.iter().zip(cells) {
        let values = &state[var];
        assert_eq!(cell.attribute("data-var"), var.to_string());
        assert_eq!(cell.attribute("data-values"), joined(values), "cell {var}");
        if values.len() == 1 {
            assert_eq!(
                spans_with_class(&cell.inner, "value"),
                [label(trace, values[0])]
            );
            continue;
        }
        let marks: Vec<String> = values.iter().map(|&value| label(trace, value)).collect();
        assert_eq!(spans_with_class(&cell.inner, "mark"), marks, "cell {var}");
        let removed: Vec<String> = removed_now(struck, var)
            .iter()
            .map(|&value| label(trace, value))
            .collect();
        assert_eq!(
            spans_with_class(&cell.inner, "mark removed"),
            removed,
            "cell {var}"
        );
    }
}

/// Light and dark squares; a queen where a column has one row left, a faint mark
/// where a row is still possible.
fn check_board(dom: &str, recorded: &Recorded, state: &[Vec<Value>], struck: &Struck) {
    let View::Chessboard { n, columns } = &recorded.view else {
        unreachable!("a chessboard view")
    };
    let squares = common::find_elements(dom, |tag, attributes| {
        tag == "div" && attributes.contains_key("data-row")
    });
    assert_eq!(squares.len(), n * n);
    // Row 1 at the bottom, as on the classic walk's page: the top row first.
    let top_row: Vec<&str> = squares[..*n]
        .iter()
        .map(|s| s.attribute("data-row"))
        .collect();
    assert_eq!(top_row, vec![(n - 1).to_string(); *n], "the top row drawn");
    for square in &squares {
        let row: usize = square.attribute("data-row").parse().unwrap();
        let column: usize = square.attribute("data-col").parse().unwrap();
        let var = columns[column];
        let values = &state[var];
        let colour = if (row + column).is_multiple_of(2) {
            "light"
        } else {
            "dark"
        };
        assert!(square.has_class(colour), "square {row},{column}");
        let expected = if values[..] == [row as Value] {
            "queen"
        } else if values.contains(&(row as Value)) {
            "possible"
        } else if removed_now(struck, var).contains(&(row as Value)) {
            "removed"
        } else {
            "none"
        };
        assert_eq!(
            square.attribute("data-mark"),
            expected,
            "square {row},{column}"
        );
        assert_eq!(square.inner.contains('\u{265B}'), expected == "queen");
    }
}

/// One row per variable with its candidates, and the values just removed.
fn check_list(dom: &str, recorded: &Recorded, state: &[Vec<Value>], struck: &Struck) {
    let trace = &recorded.trace;
    let rows = common::find_elements(dom, |tag, _| tag == "tr");
    assert_eq!(rows.len(), trace.variables.len());
    for (var, row) in rows.iter().enumerate() {
        let values = &state[var];
        assert_eq!(row.attribute("data-var"), var.to_string());
        assert_eq!(row.attribute("data-values"), joined(values));
        let cells = common::find_elements(&row.inner, |tag, _| tag == "th" || tag == "td");
        let labels: Vec<String> = values.iter().map(|&value| label(trace, value)).collect();
        assert_eq!(cells[0].text(), trace.variables[var]);
        assert_eq!(cells[1].text(), labels.join(" "), "variable {var}");
        let removed: Vec<String> = removed_now(struck, var)
            .iter()
            .map(|&value| label(trace, value))
            .collect();
        assert_eq!(
            cells[2].text().trim_start_matches("\u{2212} "),
            removed.join(" ")
        );
    }
}

/// A board's layers: each cell and line shows its variable's candidates (a line
/// is on, off or open as its value stands), and every clue and cage is drawn.
fn check_board_layers(dom: &str, recorded: &Recorded, state: &[Vec<Value>]) {
    let View::Board(board) = &recorded.view else {
        unreachable!("a board view")
    };
    let with_class = |class: &str| {
        common::find_elements(dom, |_, attributes| {
            attributes
                .get("class")
                .is_some_and(|value| value.split_whitespace().next() == Some(class))
        })
    };
    let cells = with_class("bcell");
    assert_eq!(cells.len(), board.cells.len(), "one group per cell");
    for (drawn, cell) in cells.iter().zip(&board.cells) {
        assert_eq!(drawn.attribute("data-var"), cell.var.to_string());
        assert_eq!(drawn.attribute("data-values"), joined(&state[cell.var]));
    }
    let lines = with_class("bline");
    assert_eq!(lines.len(), board.lines.len(), "one element per line");
    for (drawn, line) in lines.iter().zip(&board.lines) {
        let values = &state[line.var];
        let status = if values[..] == [line.on] {
            "on"
        } else if values.contains(&line.on) {
            "open"
        } else {
            "off"
        };
        assert!(drawn.has_class(status), "line of {} is {status}", line.var);
    }
    let clues: Vec<String> = with_class("bclue").iter().map(Element::text).collect();
    let expected: Vec<String> = board.clues.iter().map(|clue| clue.text.clone()).collect();
    assert_eq!(clues, expected, "the clues");
    assert_eq!(with_class("cage").len(), board.cages.len(), "the cages");
    assert_eq!(with_class("guide").len(), board.guides.len(), "the guides");
}

fn check_clues(dom: &str, recorded: &Recorded) {
    let View::Grid {
        clues: Some(clues), ..
    } = &recorded.view
    else {
        return;
    };
    let sides = [
        ("top", &clues.top),
        ("bottom", &clues.bottom),
        ("left", &clues.left),
        ("right", &clues.right),
    ];
    for (side, expected) in sides {
        let drawn = common::find_elements(dom, |_, attributes| {
            attributes
                .get("data-side")
                .is_some_and(|value| value == side)
        });
        let texts: Vec<String> = drawn.iter().map(Element::text).collect();
        let wanted: Vec<String> = expected
            .iter()
            .map(|clue| clue.clone().unwrap_or_default())
            .collect();
        assert_eq!(texts, wanted, "{side} clues");
    }
}

/// The panel names the event's rule (or the search), its effect and its reason.
fn check_panel(dom: &str, trace: &TraceDocument, event: &TraceEvent) {
    let text = |id| common::by_id(dom, id).text();
    let var_name = |event: &TraceEvent| trace.variables[event.var.unwrap()].clone();
    if event.kind != "wake" {
        assert_eq!(text("depth"), event.depth.to_string());
    }
    match event.kind {
        "change" => {
            assert_eq!(text("rule-name"), common::actor(trace, event));
            assert_eq!(text("why"), common::sentence(event));
            assert_eq!(text("inference"), event.inference.unwrap());
            assert!(text("effect").starts_with(&var_name(event)));
            match event.facts.first() {
                Some(fact) => {
                    let first = format!("because {} ", trace.variables[fact.var]);
                    assert!(text("because").starts_with(&first), "{}", text("because"));
                }
                None => assert_eq!(text("because"), ""),
            }
            if let Some(rule) = event.rule {
                let running = common::find_elements(dom, |tag, attributes| {
                    tag == "li"
                        && attributes
                            .get("class")
                            .is_some_and(|c| c.contains("running"))
                });
                assert_eq!(running.len(), 1);
                assert_eq!(running[0].attribute("data-rule"), rule.to_string());
            }
        }
        "wake" => {
            let queue =
                common::find_elements(&common::by_id(dom, "queue").inner, |tag, _| tag == "li");
            let last = queue.last().expect("the woken rule waits");
            assert_eq!(last.text(), trace.rules[event.rule.unwrap()]);
            assert!(last.has_class("just-woken"));
        }
        "run" => {
            let rule = event.rule.unwrap();
            assert_eq!(text("rule-name"), trace.rules[rule]);
            let queue =
                common::find_elements(&common::by_id(dom, "queue").inner, |tag, _| tag == "li");
            assert!(
                queue
                    .iter()
                    .all(|waiting| waiting.text() != trace.rules[rule]),
                "a rule that runs has left the queue"
            );
        }
        "branch" => {
            let relation = if event.equal == Some(true) {
                "="
            } else {
                "≠"
            };
            let value = label(trace, event.value.unwrap());
            assert_eq!(text("rule-name"), "search");
            assert_eq!(
                text("effect"),
                format!("try {} {relation} {value}", var_name(event))
            );
        }
        "conflict" => {
            assert_eq!(text("status"), "Conflict");
            assert_eq!(text("why"), event.inference.unwrap());
            let rule = event
                .rule
                .map_or("search".to_string(), |rule| trace.rules[rule].clone());
            assert_eq!(text("rule-name"), rule);
        }
        "solution" => assert_eq!(text("status"), "Solution"),
        "backtrack" => assert_eq!(text("effect"), format!("back to depth {}", event.depth)),
        other => panic!("unexpected event kind {other}"),
    }
}

/// The cells the current change touched and the cells that caused it are marked
/// (every element drawing such a variable: a cell, or a column's squares).
fn check_highlights(dom: &str, event: &TraceEvent) {
    let marked = |var: usize, class: &str| {
        let drawn = common::find_elements(dom, |_, attributes| {
            attributes
                .get("data-var")
                .is_some_and(|value| *value == var.to_string())
        });
        assert!(!drawn.is_empty(), "variable {var} is drawn");
        assert!(
            drawn.iter().all(|element| element.has_class(class)),
            "variable {var} is marked {class}"
        );
    };
    match (event.kind, event.var) {
        ("change", Some(var)) => {
            marked(var, "changed");
            for &cause in &event.cause {
                marked(cause, "cause");
            }
        }
        ("conflict", Some(var)) => marked(var, "conflict"),
        ("branch", Some(var)) => marked(var, "decision"),
        _ => {}
    }
}

/// The variables of the rule a step uses (none for a wake, whose rule only
/// joins the queue, or for the search's own steps).
fn scope_of<'a>(trace: &'a TraceDocument, event: &TraceEvent) -> &'a [usize] {
    match event.rule {
        Some(rule) if event.kind != "wake" => &trace.scopes[rule],
        _ => &[],
    }
}

/// Every element that draws a variable of the step's rule is marked `scope`, and
/// no other; on a grid, a border clue is marked when the scope is its row or
/// column (a skyscraper clue with its line).
fn check_scope(dom: &str, recorded: &Recorded, event: &TraceEvent) {
    let scope = scope_of(&recorded.trace, event);
    let drawn = common::find_elements(dom, |_, attributes| attributes.contains_key("data-var"));
    for element in &drawn {
        let var: usize = element.attribute("data-var").parse().unwrap();
        assert_eq!(
            element.has_class("scope"),
            scope.contains(&var),
            "variable {var} at step {}",
            event.step
        );
    }
    if let View::Board(board) = &recorded.view {
        // A board outlines each cell of the scope above the others.
        let frames = common::find_elements(dom, |_, attributes| {
            attributes
                .get("class")
                .is_some_and(|class| class == "scope-frame")
        });
        let in_scope = (board.cells.iter()).filter(|cell| scope.contains(&cell.var));
        assert_eq!(frames.len(), in_scope.count(), "step {}", event.step);
    }
    let View::Grid {
        cols,
        cells,
        clues: Some(clues),
        ..
    } = &recorded.view
    else {
        return;
    };
    let places: Vec<(usize, usize)> = (cells.iter().enumerate())
        .filter(|(_, var)| scope.contains(var))
        .map(|(index, _)| (index / cols, index % cols))
        .collect();
    let only = |line: &dyn Fn(&(usize, usize)) -> usize, index: usize| {
        !places.is_empty() && places.iter().all(|place| line(place) == index)
    };
    let sides = [
        ("top", &clues.top),
        ("bottom", &clues.bottom),
        ("left", &clues.left),
        ("right", &clues.right),
    ];
    for (side, texts) in sides {
        let drawn = common::find_elements(dom, |_, attributes| {
            attributes
                .get("data-side")
                .is_some_and(|value| value == side)
        });
        for (index, (element, text)) in drawn.iter().zip(texts.iter()).enumerate() {
            let expected = text.is_some()
                && if side == "left" || side == "right" {
                    only(&|place| place.0, index)
                } else {
                    only(&|place| place.1, index)
                };
            assert_eq!(element.has_class("scope"), expected, "{side} clue {index}");
        }
    }
}

/// The rules the root pass runs without a wake were queued before it started
/// (the engine queues every rule first): until the first wake, those not yet run
/// are shown waiting, in the order they run.
fn check_root_queue(dom: &str, trace: &TraceDocument, step: usize) {
    let in_pass = |event: &TraceEvent| matches!(event.kind, "run" | "change");
    if !trace.events[..=step].iter().all(in_pass) {
        return;
    }
    // A rule woken before its first run was not pending from the start (the
    // engine reports a wake only for a rule not already queued).
    let mut pending = Vec::new();
    let mut woken = Vec::new();
    let root_pass = |event: &&TraceEvent| in_pass(event) || event.kind == "wake";
    for event in trace.events.iter().take_while(root_pass) {
        let rule = event.rule.unwrap_or(usize::MAX);
        match event.kind {
            "wake" => woken.push(rule),
            "run" if !woken.contains(&rule) && !pending.contains(&rule) => pending.push(rule),
            _ => {}
        }
    }
    let ran: Vec<usize> = (trace.events[..=step].iter())
        .filter(|event| event.kind == "run")
        .map(|event| event.rule.unwrap())
        .collect();
    let expected: Vec<String> = (pending.iter())
        .filter(|rule| !ran.contains(rule))
        .map(|&rule| trace.rules[rule].clone())
        .collect();
    let queue = common::find_elements(&common::by_id(dom, "queue").inner, |tag, _| tag == "li");
    let shown: Vec<String> = queue.iter().map(Element::text).collect();
    assert_eq!(shown, expected, "the queue at step {step} of the root pass");
}

/// Each control says what it does, in words as well as its glyph.
fn check_control_labels(dom: &str) {
    let controls = [
        ("to-start", "Go to the start", "start"),
        ("back", "Step back", "back"),
        ("forward", "Step forward", "step"),
        ("to-end", "Go to the last step", "end"),
        ("prev-mark", "Previous of the chosen kind", "previous"),
        ("next-mark", "Next of the chosen kind", "next"),
    ];
    for (id, aria, word) in controls {
        let button = common::by_id(dom, id);
        assert_eq!(button.attribute("aria-label"), aria, "#{id}");
        assert!(button.text().contains(word), "#{id}: {}", button.text());
    }
    let play = common::by_id(dom, "play");
    assert!(["Play", "Pause"].contains(&play.attribute("aria-label")));
}

/// Everything the page shows at `step` (or the last step when `step` is past it).
fn check_step(dom: &str, recorded: &Recorded, step: usize) {
    let trace = &recorded.trace;
    let step = step.min(trace.events.len() - 1);
    let event = &trace.events[step];
    assert_eq!(common::by_id(dom, "step-number").text(), step.to_string());
    assert_eq!(
        common::by_id(dom, "permalink").attribute("href"),
        format!("#step={step}")
    );
    let mut state = common::state_after(trace, Some(step));
    let struck = match (event.kind, event.var) {
        ("change", Some(var)) => Some((var, event.removed.clone())),
        ("conflict", Some(var)) => Some((var, std::mem::take(&mut state[var]))),
        _ => None,
    };
    match recorded.view {
        View::Grid { .. } => check_grid(dom, recorded, &state, &struck),
        View::Chessboard { .. } => check_board(dom, recorded, &state, &struck),
        View::Board(_) => check_board_layers(dom, recorded, &state),
        View::List => check_list(dom, recorded, &state, &struck),
    }
    check_clues(dom, recorded);
    check_panel(dom, trace, event);
    check_highlights(dom, event);
    check_scope(dom, recorded, event);
    check_root_queue(dom, trace, step);
    check_control_labels(dom);
    if event.kind == "solution" {
        let shown: Vec<Value> = state.iter().map(|values| values[0]).collect();
        assert!(state.iter().all(|values| values.len() == 1));
        assert_eq!(shown, recorded.solution);
    }
}

/// The first event of `kind` after `after` for which `wanted` holds.
fn find_step(trace: &TraceDocument, after: usize, wanted: impl Fn(&TraceEvent) -> bool) -> usize {
    trace.events[after..]
        .iter()
        .position(wanted)
        .map(|position| after + position)
        .expect("the trace has such an event")
}

fn first_of(trace: &TraceDocument, kind: &str) -> usize {
    find_step(trace, 0, |event| event.kind == kind)
}

/// Write the puzzle's page and check it at a few steps; returns how many pages were
/// opened.
fn check_puzzle(scratch: &Scratch, name: &str, recorded: &Recorded) -> usize {
    let page = scratch.0.join(format!("{name}.html"));
    let html = replay_page(&format!("{name} replay"), &recorded.trace, &recorded.view).unwrap();
    fs::write(&page, &html).unwrap();
    let trace = &recorded.trace;
    let last = trace.events.len() - 1;
    // A rule's change after the search went back (under a decision when it never
    // did); the first wake; the first conflict; and the end.
    let backtrack = trace
        .events
        .iter()
        .position(|event| event.kind == "backtrack");
    let change = find_step(trace, backtrack.unwrap_or(0), |event| {
        event.kind == "change"
            && event.rule.is_some()
            && !event.cause.is_empty()
            && (backtrack.is_some() || event.depth >= 1)
    });
    let mut steps = vec![change, last];
    match name {
        "queens" => steps.push(first_of(trace, "conflict")),
        "skyscrapers" => {
            // The run of a rule whose scope is row 2, which has clues at both ends.
            let View::Grid { cells, .. } = &recorded.view else {
                unreachable!("a grid view")
            };
            let row_of = |var: &usize| cells.iter().position(|cell| cell == var).unwrap() / 4;
            let row_rule = find_step(trace, 0, |event| {
                let scope = scope_of(trace, event);
                event.kind == "run" && scope.len() == 4 && scope.iter().all(|v| row_of(v) == 1)
            });
            steps.extend([first_of(trace, "wake"), row_rule, last + 1000])
        }
        _ => {}
    }
    for (index, &step) in steps.iter().enumerate() {
        let dom = dump_dom(scratch, &page, &format!("#step={step}"));
        check_step(&dom, recorded, step);
        if name == "skyscrapers" && index == 3 {
            // check_step checked every clue; row 2's two are marked.
            let marked = common::find_elements(&dom, |_, attributes| {
                attributes.contains_key("data-side")
                    && attributes.get("class").is_some_and(|c| c.contains("scope"))
            });
            assert_eq!(marked.len(), 2, "both clues of row 2 at step {step}");
        }
    }
    match name {
        // The jumps and a cell's history are driven first, in the same page.
        "queens" => {
            let measured = check_tree_click(scratch, name, &html, recorded, JUMPS_PROBE);
            check_jumps_and_history(&measured, recorded);
        }
        "board" => {
            check_tree_click(scratch, name, &html, recorded, "");
        }
        _ => {}
    }
    if name == "sudoku" {
        // `&play` starts playing: 4 steps a second over the 3 s of virtual time.
        let dom = dump_dom(scratch, &page, "#step=0&play");
        let shown: usize = common::by_id(&dom, "step-number").text().parse().unwrap();
        assert!((1..=12).contains(&shown), "played to step {shown}");
        check_step(&dom, recorded, shown);
        return steps.len() + 1;
    }
    if name == "queens" {
        // The fallback that draws any model: every variable in a list.
        let listed = Recorded {
            trace: recorded.trace.clone(),
            view: View::List,
            solution: recorded.solution.clone(),
        };
        let page = scratch.0.join("list.html");
        fs::write(
            &page,
            replay_page("list", &listed.trace, &View::List).unwrap(),
        )
        .unwrap();
        let dom = dump_dom(scratch, &page, &format!("#step={change}"));
        check_step(&dom, &listed, change);
        return steps.len() + 1;
    }
    steps.len()
}

/// The page with a probe script after its own: the probe drives the page as a user
/// would (clicks, a typed step) and writes what it measured into `<pre id="probe">`,
/// which the dumped DOM then holds.
fn with_probe(page: &str, probe: &str) -> String {
    let at = page.rfind("</body>").expect("the page's body ends");
    format!(
        "{}<pre id=\"probe\"></pre><script>(function () {{ {probe} }}());</script>{}",
        &page[..at],
        &page[at..]
    )
}

/// The probe's measurements, `name=value` pairs separated by spaces.
fn probe_values(dom: &str) -> HashMap<String, f64> {
    common::by_id(dom, "probe")
        .text()
        .split_whitespace()
        .filter_map(|pair| pair.split_once('='))
        .map(|(name, value)| (name.to_string(), value.parse().expect("a number")))
        .collect()
}

/// Drives the jumps, "changes only" and a cell's history as a user would,
/// writing what it saw into the probe (checked by [`check_jumps_and_history`]).
const JUMPS_PROBE: &str = "
        const byId = (id) => document.getElementById(id);
        const at = () => { const text = byId('step-number').textContent; return text === 'start' ? -1 : parseInt(text, 10); };
        const out = [];
        const kind = byId('mark-kind');
        kind.value = 'conflict';
        byId('next-mark').click(); out.push('conflict1=' + at());
        byId('next-mark').click(); out.push('conflict2=' + at());
        byId('prev-mark').click(); out.push('conflict_back=' + at());
        kind.value = 'decision';
        byId('to-start').click(); byId('next-mark').click(); out.push('decision1=' + at());
        kind.value = 'change';
        byId('next-mark').click(); out.push('change_after=' + at());
        byId('changes-only').checked = true;
        byId('to-start').click();
        byId('forward').click(); out.push('only1=' + at());
        byId('forward').click(); out.push('only2=' + at());
        byId('back').click(); out.push('only_back=' + at());
        byId('changes-only').checked = false;
        byId('forward').click(); out.push('plain=' + at());
        byId('play').click();
        out.push('pause_label=' + (byId('play').getAttribute('aria-label') === 'Pause' ? 1 : 0));
        byId('play').click();
        out.push('play_label=' + (byId('play').getAttribute('aria-label') === 'Play' ? 1 : 0));
        const cell = document.querySelector('#board [data-var=\"2\"]');
        cell.dispatchEvent(new MouseEvent('click', { bubbles: true }));
        const links = Array.from(document.querySelectorAll('#history-list a'));
        out.push('history=' + links.length);
        links.forEach((link, index) => out.push('link' + index + '=' + link.getAttribute('href').replace('#step=', '')));
        out.push('selected=' + document.querySelectorAll('#board .selected[data-var=\"2\"]').length);
        byId('probe').textContent = out.join(' ');";

/// The jumps to the next and previous change, decision and conflict, the
/// "changes only" stepping, and a cell's history, as [`JUMPS_PROBE`] saw them.
fn check_jumps_and_history(measured: &HashMap<String, f64>, recorded: &Recorded) {
    let trace = &recorded.trace;
    let steps_where = |wanted: &dyn Fn(&TraceEvent) -> bool| -> Vec<f64> {
        (trace.events.iter().enumerate())
            .filter(|(_, event)| wanted(event))
            .map(|(step, _)| step as f64)
            .collect()
    };
    let conflicts = steps_where(&|event| event.kind == "conflict");
    let decisions = steps_where(&|event| {
        event.kind == "branch" || (event.kind == "change" && event.rule.is_none())
    });
    let changes = steps_where(&|event| event.kind == "change");
    let board = steps_where(&|event| {
        matches!(event.kind, "change" | "conflict" | "backtrack" | "solution")
    });
    let var = 2;
    let history = steps_where(&|event| {
        event.var == Some(var) && matches!(event.kind, "change" | "branch" | "conflict")
    });
    assert!(conflicts.len() >= 2 && board.len() >= 2 && !history.is_empty());

    assert_eq!(measured["conflict1"], conflicts[0]);
    assert_eq!(measured["conflict2"], conflicts[1]);
    assert_eq!(measured["conflict_back"], conflicts[0]);
    assert_eq!(measured["decision1"], decisions[0]);
    let after = changes.iter().find(|&&step| step > decisions[0]).unwrap();
    assert_eq!(measured["change_after"], *after);
    assert_eq!(measured["only1"], board[0]);
    assert_eq!(measured["only2"], board[1]);
    assert_eq!(measured["only_back"], board[0]);
    assert_eq!(measured["plain"], board[0] + 1.0);
    assert_eq!(measured["pause_label"], 1.0);
    assert_eq!(measured["play_label"], 1.0);
    assert_eq!(measured["history"], history.len() as f64);
    for (index, step) in history.iter().enumerate() {
        assert_eq!(
            measured[&format!("link{index}")],
            *step,
            "history link {index}"
        );
    }
    assert!(measured["selected"] >= 1.0, "the clicked column is marked");
}

/// A 16×16 board uses the page's width, and two-digit pencil marks never run
/// together: no two marks in a row of a cell overlap (as a grid of cells and as
/// a board).
fn check_wide_boards(scratch: &Scratch) -> usize {
    let probe = "
        const cell = document.querySelector('#board .cell, #board .bcell');
        const boxes = Array.from(cell.querySelectorAll('.mark')).map((mark) => {
          if (mark.namespaceURI.indexOf('svg') >= 0) { return mark.getBoundingClientRect(); }
          const range = document.createRange();
          range.selectNodeContents(mark);
          return range.getBoundingClientRect();
        });
        let overlaps = 0;
        boxes.forEach((one, i) => boxes.forEach((other, j) => {
          const across = Math.min(one.right, other.right) - Math.max(one.left, other.left);
          const sameRow = Math.abs(one.top - other.top) < 1;
          if (i < j && sameRow && across > 0.5) { overlaps += 1; }
        }));
        const board = document.querySelector('#board > *').getBoundingClientRect();
        document.getElementById('probe').textContent = 'marks=' + boxes.length + ' overlaps=' + overlaps +
          ' width=' + board.width + ' window=' + window.innerWidth;";
    for (name, board) in [("wide-grid", false), ("wide-board", true)] {
        let recorded = common::grid16(board);
        let html = replay_page(name, &recorded.trace, &recorded.view).unwrap();
        let path = scratch.0.join(format!("{name}.html"));
        fs::write(&path, with_probe(&html, probe)).unwrap();
        let dom = dump_dom(scratch, &path, "");
        let measured = probe_values(&dom);
        assert_eq!(measured["marks"], 16.0, "{name}");
        let start = common::state_after(&recorded.trace, None);
        match recorded.view {
            View::Grid { .. } => check_grid(&dom, &recorded, &start, &None),
            _ => check_board_layers(&dom, &recorded, &start),
        }
        assert_eq!(
            measured["overlaps"],
            0.0,
            "{name}: {}",
            common::by_id(&dom, "probe").text()
        );
        let room = (measured["window"] - 48.0).min(1100.0);
        assert!(
            measured["width"] >= 0.9 * room,
            "{name}: {} pixels wide in a window of {}",
            measured["width"],
            measured["window"]
        );
    }
    2
}

/// Jumping to the last step of a 100,000-event trace (the first 100,000 events of
/// 16 queens searched column by column) takes under a second, the first time too,
/// when the page has made no checkpoint yet. Run alone, after the other pages, so
/// that the time is the page's and not the other browsers'.
fn check_long_jump(scratch: &Scratch) -> usize {
    const EVENTS: usize = 100_000;
    let recorded = common::queens(16);
    assert!(recorded.trace.events.len() > EVENTS);
    let page = replay_page_with_limit("long", &recorded.trace, &recorded.view, EVENTS).unwrap();
    let probe = "
        const probe = document.getElementById('probe');
        const step = () => document.getElementById('step-number').textContent;
        const load = performance.now();
        let started = performance.now();
        document.getElementById('to-end').click();
        const toEnd = performance.now() - started;
        const end = step();
        const jump = document.getElementById('jump');
        started = performance.now();
        jump.value = '50000';
        jump.dispatchEvent(new Event('change'));
        const toMiddle = performance.now() - started;
        const middle = step();
        started = performance.now();
        document.getElementById('to-end').click();
        const again = performance.now() - started;
        const rules = document.getElementById('rules');
        const numbers = rules.querySelectorAll('.rule-number');
        const lastNumber = numbers[numbers.length - 1];
        const clipped = lastNumber.getBoundingClientRect().left < rules.getBoundingClientRect().left;
        probe.textContent = 'rules=' + numbers.length + ' last_rule=' + parseInt(lastNumber.textContent, 10) +
            ' clipped=' + (clipped ? 1 : 0) + ' load=' + load + ' end=' + end + ' to_end=' + toEnd +
            ' middle=' + middle + ' to_middle=' + toMiddle + ' again=' + again;";
    let path = scratch.0.join("long.html");
    fs::write(&path, with_probe(&page, probe)).unwrap();
    if let Some(keep) = std::env::var_os("SIEVE_KEEP_PAGE") {
        fs::write(keep, with_probe(&page, probe)).unwrap();
    }
    let dom = dump_dom(scratch, &path, "");
    let measured = probe_values(&dom);
    assert_eq!(measured["end"], (EVENTS - 1) as f64);
    // The rule list shows every rule's number whole (120 rules: "120.").
    let rules = recorded.trace.rules.len() as f64;
    assert_eq!((measured["rules"], measured["last_rule"]), (rules, rules));
    assert_eq!(measured["clipped"], 0.0);
    assert_eq!(measured["middle"], 50_000.0);
    for jump in ["to_end", "to_middle", "again"] {
        assert!(measured[jump] < 1000.0, "{jump}: {} ms", measured[jump]);
    }
    notice(&format!(
        "browser test: {EVENTS} events, page {} KB, loaded in {:.0} ms, jump to the end {:.0} ms, \
         to the middle {:.0} ms, to the end again {:.0} ms",
        page.len() / 1000,
        measured["load"],
        measured["to_end"],
        measured["to_middle"],
        measured["again"]
    ));
    1
}

/// A click on the last node of the search tree shows that node's step (the
/// whole page is checked there), marks the node current and the path to it, and
/// one step forward goes on from there.
fn check_tree_click(
    scratch: &Scratch,
    name: &str,
    html: &str,
    recorded: &Recorded,
    first: &str,
) -> HashMap<String, f64> {
    let branches: Vec<usize> = (recorded.trace.events.iter().enumerate())
        .filter(|(_, event)| event.kind == "branch")
        .map(|(step, _)| step)
        .collect();
    let probe = first.to_string()
        + "
        const nodes = document.querySelectorAll('.tree-node');
        const node = nodes[nodes.length - 1];
        node.querySelector('circle').dispatchEvent(new MouseEvent('click', { bubbles: true }));
        const current = document.querySelectorAll('.tree-node.current');
        document.getElementById('hint-button').click();
        const earlier = document.getElementById('probe').textContent;
        document.getElementById('probe').textContent = earlier + ' nodes=' + nodes.length +
            ' node_step=' + node.dataset.step + ' current=' + current.length +
            ' current_is_node=' + (current[0] === node ? 1 : 0) +
            ' on_path=' + document.querySelectorAll('.tree-node.on-path').length;";
    let path = scratch.0.join(format!("{name}-tree.html"));
    fs::write(&path, with_probe(html, &probe)).unwrap();
    let dom = dump_dom(scratch, &path, "");
    let measured = probe_values(&dom);
    assert_eq!(measured["nodes"], (branches.len() + 1) as f64, "{name}");
    let step = *branches.last().expect("the search branches");
    assert_eq!(measured["node_step"], step as f64, "{name}");
    assert_eq!(measured["current"], 1.0, "{name}");
    assert_eq!(measured["current_is_node"], 1.0, "{name}");
    assert!(
        measured["on_path"] >= 1.0,
        "{name}: the root is on the path"
    );
    check_step(&dom, recorded, step);
    // The hint tells the next change a rule makes, without moving there.
    let trace = &recorded.trace;
    let next = find_step(trace, step + 1, |event| {
        event.kind == "change" && event.rule.is_some()
    });
    let hint = common::by_id(&dom, "hint-solver").text();
    let expected = format!(
        "step {next}: {} \u{2260} ",
        trace.variables[trace.events[next].var.unwrap()]
    );
    assert!(hint.starts_with(&expected), "{hint}");
    // Then its sentence, and the facts it rests on when it names any.
    let sentence = common::sentence(&trace.events[next]);
    let (told, facts) = hint.split_once("; because ").unwrap_or((&hint, ""));
    assert!(told.ends_with(&sentence), "{hint}");
    assert_eq!(
        facts.is_empty(),
        trace.events[next].facts.is_empty(),
        "{hint}"
    );
    measured
}

/// A line on standard error that the test harness does not capture (it captures
/// only the print macros), so a skip is visible in a plain `cargo test`.
fn notice(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

#[test]
fn the_page_shows_each_step_in_a_real_browser() {
    if !browser_available() {
        if std::env::var_os("CI").is_some() {
            panic!(
                "{BROWSER} is not installed; the browser test needs it. Install it with `{INSTALL}` (.ci/run does this)."
            );
        }
        notice(&format!(
            "SKIPPED: the replay browser test needs `{BROWSER}`, which is not installed. \
             Install it with `{INSTALL}` to run it (CI fails without it)."
        ));
        return;
    }
    let started = Instant::now();
    let scratch = Scratch::new();
    let puzzles = [
        ("sudoku", common::sudoku4("...4....2.......")),
        ("board", common::sudoku4_board("...4....2.......")),
        ("queens", common::queens(6)),
        (
            "skyscrapers",
            common::skyscrapers(&common::SKYLINE, &[("top", 1), ("right", 2)]),
        ),
        ("balance", common::balance()),
    ];
    // One thread per puzzle: the launches mostly wait on the browser.
    let launches: usize = std::thread::scope(|scope| {
        let mut runs: Vec<_> = puzzles
            .iter()
            .map(|(name, recorded)| scope.spawn(|| check_puzzle(&scratch, name, recorded)))
            .collect();
        runs.push(scope.spawn(|| check_wide_boards(&scratch)));
        runs.into_iter()
            .map(|run| run.join().expect("the puzzle's checks pass"))
            .sum::<usize>()
    }) + check_long_jump(&scratch);
    notice(&format!(
        "browser test: {launches} pages opened in {:.1} s",
        started.elapsed().as_secs_f64()
    ));
}
