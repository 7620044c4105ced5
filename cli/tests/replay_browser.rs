//! The replay pages the CLI writes (`--trace html`), opened in headless Chromium:
//! one puzzle of each zoo family and each seed puzzle. For each page a probe
//! script, added after the page's own, counts what the board drew (cells,
//! lines, clues, cages), goes to the last step, clicks a node of the search tree
//! and steps forward once; the test checks what it wrote.
//!
//! Without chromium the test fails when `CI` is set (CI installs it) and prints a
//! skip notice otherwise.

mod common;

use common::page_data::{PageHint, events, page_hints};

use std::collections::HashMap;
use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BROWSER: &str = "chromium";

/// What a page must draw: this many elements of each kind (the counts of the
/// puzzle's ID: its clues, cages, cells and lines).
struct Expect {
    /// Board cells, grid cells or chessboard squares.
    cells: usize,
    /// Lines (edges, links, diagonals).
    lines: usize,
    /// Clues (in cells, on corners, around the border).
    clues: usize,
    /// Cages.
    cages: usize,
}

const fn expect(cells: usize, lines: usize, clues: usize, cages: usize) -> Expect {
    Expect {
        cells,
        lines,
        clues,
        cages,
    }
}

/// The pages: a name, the command line, and what the board has. The zoo IDs were
/// made once by Tatham's generators (`sgt-<puzzle> --generate 1 <params>`).
fn pages() -> Vec<(&'static str, Vec<&'static str>, Expect)> {
    vec![
        (
            "keen",
            vec![
                "keen",
                "solve",
                "5:_3a_4a__aba4__a_3a__aa,a6s1d2s1d2s2m6a5s2m8a5m15",
            ],
            expect(25, 0, 0, 12),
        ),
        (
            "nonogram",
            vec![
                "nonogram",
                "solve",
                "8x8:3/1.3/2.2/2.2/2/4/5/6/3/2/1/1.2/2.3/3.3/7/5",
            ],
            expect(64, 0, 22, 0),
        ),
        (
            "tents",
            vec![
                "tents",
                "solve",
                "8x8:acfbkabkaaadh,3,0,2,1,1,1,1,3,2,1,1,3,0,2,0,3",
            ],
            expect(64, 42, 16, 0),
        ),
        (
            "slant",
            vec!["slant", "solve", "6x6:a1c1c2132b1a1b1b2a32b1b2c221a2e1b"],
            expect(0, 72, 19, 0),
        ),
        (
            "map",
            vec![
                "map",
                "solve",
                "8x8n10:baaajaacbdbaeabdfbfabbaacabeacdacafbcbabaacada,3b1b0a20",
            ],
            expect(64, 0, 0, 0),
        ),
        (
            "pearl",
            vec!["pearl", "solve", "6x6:gWWaWWaWBeWhWBaWBb"],
            expect(0, 60, 11, 0),
        ),
        (
            "loopy",
            vec!["loopy", "solve", "6x6t0:22a3b2a2a23a2c31b2c220a3a2a3b"],
            expect(0, 84, 17, 0),
        ),
        (
            "solo",
            vec![
                "solo",
                "solve",
                "3x3:6f3d5_3b9_8b3_7_1a5_2c9_4e7g2e5_7c7_1a5_9_2b2_8b4_7d9f4",
            ],
            expect(81, 0, 0, 0),
        ),
        // 49 cells and the 11 dots of its 11 galaxies.
        (
            "galaxies",
            vec!["galaxies", "solve", "7x7dn:cxiczvfcqdzjq"],
            expect(49, 0, 11, 0),
        ),
        // 20 cells, the givens written in them.
        (
            "fillomino",
            vec!["fillomino", "solve", "5x4:1a4a2b455a25d3b"],
            expect(20, 0, 0, 0),
        ),
        // 16 cells and 32 possible links: each arrow to every cell it points at.
        (
            "signpost",
            vec!["signpost", "solve", "4x4:egfeb1e16ahacfabbag"],
            expect(16, 32, 0, 0),
        ),
        ("sudoku", vec!["sudoku", "solve"], expect(81, 0, 0, 0)),
        ("queens", vec!["queens", "solve", "8"], expect(64, 0, 0, 0)),
        (
            "skyscrapers",
            vec!["skyscrapers", "solve", "0 3 0 0 2 0 0 1 2 0 0 0 0 4 0 0"],
            expect(16, 0, 5, 0),
        ),
        (
            "magic",
            vec!["magic", "solve", "2 . . . 5 . . . 8"],
            expect(9, 0, 0, 0),
        ),
    ]
}

/// The probe: counts, then the last step, then a click on a tree node (the last
/// decision that was not the start, or the start when there is none), then one
/// step forward. It writes `name=value` pairs into `<pre id="probe">`.
const PROBE: &str = "
  const count = (selector) => document.querySelectorAll(selector).length;
  const step = () => document.getElementById('step-number').textContent;
  const out = [];
  const put = (name, value) => out.push(name + '=' + String(value).replace(/\\s+/g, '_'));
  put('cells', count('.bcell') + count('.grid .cell') + count('.chessboard .square'));
  put('lines', count('.bline'));
  put('clues', count('.bclue') + count('.clue:not(:empty)'));
  put('cages', count('.cage'));
  put('nodes', count('.tree-node'));
  put('last', document.getElementById('step-last').textContent);
  document.getElementById('to-end').click();
  put('end', step());
  put('status', document.getElementById('status').textContent || 'none');
  const nodes = document.querySelectorAll('.tree-node');
  const node = nodes[nodes.length > 1 ? nodes.length - 1 : 0];
  node.querySelector('circle').dispatchEvent(new MouseEvent('click', { bubbles: true }));
  put('node_step', node.dataset.step);
  put('clicked', step());
  put('current', node.classList.contains('current') ? 1 : 0);
  document.getElementById('forward').click();
  put('forward', step());
  document.getElementById('probe').textContent = out.join(' ');
";

fn browser_available() -> bool {
    Command::new(BROWSER)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// A fresh directory, removed at the end.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Opens `page` in headless chromium and returns the probe's values; the page's
/// console must stay silent.
fn probe(scratch: &Scratch, name: &str, page: &Path) -> HashMap<String, String> {
    let profile = scratch.0.join(format!("{name}-profile"));
    let dom = scratch.0.join(format!("{name}-dom.html"));
    let log = scratch.0.join(format!("{name}.log"));
    let mut child = Command::new(BROWSER)
        .args(["--headless", "--no-sandbox", "--disable-gpu"])
        .args(["--disable-background-networking", "--no-first-run"])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--virtual-time-budget=2000")
        .args(["--enable-logging=stderr", "--v=0", "--dump-dom"])
        .arg(format!("file://{}", page.display()))
        .stdout(File::create(&dom).unwrap())
        .stderr(File::create(&log).unwrap())
        .spawn()
        .expect("chromium starts");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{name}: chromium did not finish in 60 s");
        }
        std::thread::sleep(Duration::from_millis(25));
    };
    assert!(status.success(), "{name}: chromium failed");
    let console = fs::read_to_string(&log).unwrap();
    let logged: Vec<&str> = (console.lines())
        .filter(|line| line.contains(":CONSOLE"))
        .collect();
    assert!(logged.is_empty(), "{name}: the page logged {logged:#?}");
    let dom = fs::read_to_string(&dom).unwrap();
    let open = "<pre id=\"probe\">";
    let start = dom.find(open).expect("the probe's element") + open.len();
    let end = start + dom[start..].find("</pre>").expect("its end");
    (dom[start..end].split_whitespace())
        .filter_map(|pair| pair.split_once('='))
        .map(|(key, value)| (key.to_string(), value.to_string()))
        .collect()
}

fn check_page(scratch: &Scratch, name: &str, args: &[&str], expected: &Expect) {
    let page = scratch.0.join(format!("{name}.html"));
    let mut all = args.to_vec();
    all.extend(["--trace", "html", "--out", page.to_str().unwrap()]);
    let output = common::run(&all, None);
    assert!(
        output.status.success(),
        "{name}: {}",
        common::stderr(&output)
    );
    let html = fs::read_to_string(&page).unwrap();
    let at = html.rfind("</body>").unwrap();
    let probed = format!(
        "{}<pre id=\"probe\"></pre><script>(function () {{ {PROBE} }}());</script>{}",
        &html[..at],
        &html[at..]
    );
    fs::write(&page, probed).unwrap();
    let values = probe(scratch, name, &page);
    let number = |key: &str| -> i64 {
        let value = values
            .get(key)
            .unwrap_or_else(|| panic!("{name}: no {key}"));
        match value.as_str() {
            "start" => -1,
            text => text
                .parse()
                .unwrap_or_else(|_| panic!("{name}: {key}={text}")),
        }
    };
    for (kind, wanted) in [
        ("cells", expected.cells),
        ("lines", expected.lines),
        ("clues", expected.clues),
        ("cages", expected.cages),
    ] {
        let drawn = number(kind) as usize;
        assert_eq!(drawn, wanted, "{name}: {kind}");
    }
    assert!(number("nodes") >= 1, "{name}: the tree has its start");
    assert_eq!(number("end"), number("last"), "{name}: the last step");
    assert_eq!(values["status"], "Solution", "{name}: the last step");
    assert_eq!(number("clicked"), number("node_step"), "{name}: the click");
    assert_eq!(number("current"), 1, "{name}: the clicked node is current");
    assert_eq!(
        number("forward"),
        number("node_step") + 1,
        "{name}: forward"
    );
}

#[test]
fn every_family_replays_in_a_real_browser() {
    if !browser_available() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{BROWSER} is not installed; this test needs it"
        );
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED: the replay browser test needs `{BROWSER}`"
        );
        return;
    }
    let scratch = Scratch(
        std::env::temp_dir().join(format!("sieve-cli-replay-browser-{}", std::process::id())),
    );
    fs::create_dir_all(&scratch.0).unwrap();
    let pages = pages();
    // Two at a time: each launch mostly waits on the browser.
    std::thread::scope(|scope| {
        for pair in pages.chunks(2) {
            let runs: Vec<_> = (pair.iter())
                .map(|(name, args, expected)| {
                    let scratch = &scratch;
                    scope.spawn(move || check_page(scratch, name, args, expected))
                })
                .collect();
            for run in runs {
                run.join().expect("the page's checks pass");
            }
        }
    });
}

/// The hint probe: go to step `STEP`, press "What is deduced next?", and write
/// what the panel says and which drawn variables it outlines; then one step on.
const HINT_PROBE: &str = "
  const out = [];
  const put = (name, value) => out.push(name + '=' + String(value).replace(/\\s+/g, '_'));
  const jump = document.getElementById('jump');
  jump.value = 'STEP';
  jump.dispatchEvent(new Event('change'));
  put('at', document.getElementById('step-number').textContent);
  document.getElementById('hint-button').click();
  put('hidden', document.getElementById('hint').hidden ? 1 : 0);
  const vars = (selector) => {
    const found = new Set();
    document.querySelectorAll(selector).forEach((node) => found.add(parseInt(node.dataset.var, 10)));
    return Array.from(found).sort((a, b) => a - b).join(',') || 'none';
  };
  put('changed', vars('[data-var].hint-changed'));
  put('uses', vars('[data-var].hint-uses'));
  put('scope', vars('[data-var].scope'));
  put('drawn', vars('[data-var]'));
  put('context', document.getElementById('hint-context').textContent);
  put('solver', document.getElementById('hint-solver').textContent);
  put('weakest', document.getElementById('hint-weakest').textContent);
  document.getElementById('forward').click();
  put('hidden_after', document.getElementById('hint').hidden ? 1 : 0);
  put('changed_after', vars('[data-var].hint-changed'));
  document.getElementById('probe').textContent = out.join(' ');
";

/// The variables of `vars` that the page draws, as the probe writes them.
fn drawn(vars: &[usize], drawn: &str) -> String {
    let drawn: Vec<usize> = drawn.split(',').filter_map(|v| v.parse().ok()).collect();
    let kept: Vec<String> = (vars.iter())
        .filter(|var| drawn.contains(var))
        .map(ToString::to_string)
        .collect();
    if kept.is_empty() {
        "none".to_string()
    } else {
        kept.join(",")
    }
}

/// What the panel writes for a hint, as the probe writes it (spaces as `_`).
fn weakest_line(hint: &PageHint) -> String {
    let text = if hint.text.is_empty() || hint.text == hint.inference {
        String::new()
    } else {
        format!(" {}", hint.text)
    };
    let line = format!(
        "{}: {}  [{}, {}]{text}",
        hint.tier, hint.effect, hint.inference, hint.rule
    );
    line.split_whitespace().collect::<Vec<_>>().join("_")
}

fn check_hint_panel(scratch: &Scratch, name: &str, args: &[&str]) {
    let page = scratch.0.join(format!("{name}-hint.html"));
    let mut all = args.to_vec();
    all.extend(["--trace", "html", "--out", page.to_str().unwrap()]);
    let output = common::run(&all, None);
    assert!(
        output.status.success(),
        "{name}: {}",
        common::stderr(&output)
    );
    let html = fs::read_to_string(&page).unwrap();
    let count = events(&html);
    let hints = page_hints(&html, count);
    // A step halfway: at the root (these puzzles need no search), its hint a step.
    let step = count / 2;
    let hint = hints.at(Some(step)).expect("the step has a hint").clone();
    assert_eq!(hint.kind, "step", "{name}: {hint:?}");
    let at = html.rfind("</body>").unwrap();
    let script = HINT_PROBE.replace("STEP", &step.to_string());
    let probed = format!(
        "{}<pre id=\"probe\"></pre><script>(function () {{ {script} }}());</script>{}",
        &html[..at],
        &html[at..]
    );
    fs::write(&page, probed).unwrap();
    let values = probe(scratch, &format!("{name}-hint"), &page);
    assert_eq!(values["at"], step.to_string(), "{name}");
    assert_eq!(values["hidden"], "0", "{name}: the panel opens");
    assert_eq!(values["weakest"], weakest_line(&hint), "{name}");
    let outlined = drawn(&hint.changed, &values["drawn"]);
    assert_ne!(
        outlined, "none",
        "{name}: the hint changes a drawn variable"
    );
    assert_eq!(values["changed"], outlined, "{name}: its cells outlined");
    assert_eq!(
        values["uses"],
        drawn(&hint.uses, &values["drawn"]),
        "{name}"
    );
    assert_eq!(
        values["scope"],
        drawn(&hint.scope, &values["drawn"]),
        "{name}"
    );
    assert!(
        values["context"].contains("root_of_the_search"),
        "{name}: {}",
        values["context"]
    );
    assert!(
        !values["solver"].is_empty(),
        "{name}: the solver's next step"
    );
    assert_eq!(values["hidden_after"], "1", "{name}: a step on closes it");
    assert_eq!(values["changed_after"], "none", "{name}: and its outlines");
}

/// The probe of a page whose search guesses: the hint at the start, then at the
/// step of the last node of the search tree (inside a branch).
const BRANCH_PROBE: &str = "
  const out = [];
  const put = (name, value) => out.push(name + '=' + String(value).replace(/\\s+/g, '_'));
  const text = (id) => document.getElementById(id).textContent;
  document.getElementById('hint-button').click();
  put('start_weakest', text('hint-weakest'));
  put('start_outlined', document.querySelectorAll('[data-var].hint-changed').length);
  const nodes = document.querySelectorAll('.tree-node');
  nodes[nodes.length - 1].querySelector('circle').dispatchEvent(new MouseEvent('click', { bubbles: true }));
  document.getElementById('hint-button').click();
  put('branch_step', text('step-number'));
  put('branch_depth', text('depth'));
  put('branch_weakest', text('hint-weakest'));
  put('branch_context', text('hint-context'));
  document.getElementById('probe').textContent = out.join(' ');
";

/// What the panel writes for any hint: a step's line, or the message.
fn expected_weakest(hint: &PageHint) -> String {
    if hint.kind == "step" {
        return weakest_line(hint);
    }
    hint.message
        .split_whitespace()
        .collect::<Vec<_>>()
        .join("_")
}

/// Eight queens by search: no rule deduces anything at the start (the panel says
/// guessing is needed, as `sieve queens hint 8` does), and a step inside a branch
/// shows that branch's hint, saying so.
fn check_branch_hints(scratch: &Scratch) {
    let page = scratch.0.join("queens-hint.html");
    let args = ["queens", "solve", "8", "--trace", "html", "--out"];
    let output = common::run(&[&args[..], &[page.to_str().unwrap()]].concat(), None);
    assert!(output.status.success(), "{}", common::stderr(&output));
    let html = fs::read_to_string(&page).unwrap();
    let hints = page_hints(&html, events(&html));
    let start = hints.at(None).expect("the start's hint");
    assert_eq!(start.kind, "stuck");
    let cli = common::stdout(&common::run(&["queens", "hint", "8"], None));
    assert_eq!(start.message, cli.trim_end());
    let at = html.rfind("</body>").unwrap();
    let probed = format!(
        "{}<pre id=\"probe\"></pre><script>(function () {{ {BRANCH_PROBE} }}());</script>{}",
        &html[..at],
        &html[at..]
    );
    fs::write(&page, probed).unwrap();
    let values = probe(scratch, "queens-hint", &page);
    assert_eq!(values["start_weakest"], expected_weakest(start));
    assert_eq!(values["start_outlined"], "0");
    let step: usize = values["branch_step"].parse().unwrap();
    let depth: usize = values["branch_depth"].parse().unwrap();
    assert!(depth >= 1, "the last node is inside the search");
    let hint = hints.at(Some(step)).expect("the branch state's hint");
    assert_eq!(values["branch_weakest"], expected_weakest(hint));
    let branch = format!("inside_a_search_branch_at_depth_{depth}");
    assert!(
        values["branch_context"].contains(&branch),
        "{}",
        values["branch_context"]
    );
}

#[test]
fn the_hint_button_shows_the_weakest_hint_and_outlines_its_cells() {
    if !browser_available() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{BROWSER} is not installed; this test needs it"
        );
        return;
    }
    let scratch = Scratch(
        std::env::temp_dir().join(format!("sieve-cli-hint-browser-{}", std::process::id())),
    );
    fs::create_dir_all(&scratch.0).unwrap();
    let tents = [
        "tents",
        "solve",
        "8x8:acfbkabkaaadh,3,0,2,1,1,1,1,3,2,1,1,3,0,2,0,3",
    ];
    let sudoku = [
        "sudoku",
        "solve",
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    ];
    std::thread::scope(|scope| {
        let runs = [
            scope.spawn(|| check_hint_panel(&scratch, "tents", &tents)),
            scope.spawn(|| check_hint_panel(&scratch, "sudoku", &sudoku)),
            scope.spawn(|| check_branch_hints(&scratch)),
        ];
        for run in runs {
            run.join().expect("the hint panel's checks pass");
        }
    });
}
