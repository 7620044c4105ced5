//! `--shard i/n`, `--checkpoint FILE` and `sieve merge-shards`: the parts of a
//! split run merge into exactly what one run prints, whatever n; a run killed
//! mid-way resumes from its checkpoint to the same result; bad shards, bad parts
//! and foreign checkpoints are input errors (exit 2).

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{run, stderr, stdout};

/// Runs `sieve ARGS` (which checkpoint to `checkpoint` after every unit),
/// sends it SIGTERM once the first unit is saved, and returns how it ended
/// and the checkpoint it left.
fn interrupted_after_first_unit(args: &[&str], checkpoint: &str) -> (Output, serde_json::Value) {
    let child = Command::new(env!("CARGO_BIN_EXE_sieve"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sieve binary starts");
    let finished = || -> usize {
        let text = std::fs::read_to_string(checkpoint).unwrap_or_default();
        let saved: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
        saved["finished"].as_object().map_or(0, |units| units.len())
    };
    let started = Instant::now();
    while finished() == 0 && started.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(2));
    }
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let interrupted = child.wait_with_output().expect("the run ends");
    let saved = std::fs::read_to_string(checkpoint).expect("a checkpoint");
    let saved = serde_json::from_str(&saved).expect("the checkpoint is whole JSON");
    (interrupted, saved)
}

/// A fresh folder for one test's files.
fn folder(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("sieve-shards-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&path);
    std::fs::create_dir_all(&path).expect("a temporary folder");
    path
}

/// Runs every shard of `args` split `shards` ways, writes each part to a file in
/// `dir`, and merges them.
fn split_and_merge(args: &[&str], shards: usize, dir: &Path) -> Output {
    let mut files = Vec::new();
    for index in 0..shards {
        let shard = format!("{index}/{shards}");
        let mut all = args.to_vec();
        all.extend(["--shard", &shard]);
        let output = run(&all, None);
        assert!(
            output.status.success() || output.status.code() == Some(1),
            "{shard}: {}",
            stderr(&output)
        );
        let file = dir.join(format!("part-{index}-of-{shards}.json"));
        std::fs::write(&file, &output.stdout).expect("the part is written");
        files.push(file.display().to_string());
    }
    let mut merge = vec!["merge-shards"];
    merge.extend(files.iter().map(String::as_str));
    run(&merge, None)
}

/// Asserts that two runs printed the same and ended the same.
fn assert_same(single: &Output, merged: &Output, what: &str) {
    assert_eq!(stdout(merged), stdout(single), "{what}: stdout");
    assert_eq!(stderr(merged), stderr(single), "{what}: stderr");
    assert_eq!(
        merged.status.code(),
        single.status.code(),
        "{what}: exit code"
    );
}

#[test]
fn queens_shards_merge_into_the_single_count() {
    let dir = folder("queens");
    for args in [
        &["queens", "count", "9"][..],
        &["queens", "count", "10", "--unique"],
    ] {
        let single = run(args, None);
        assert!(single.status.success());
        for shards in [1, 2, 3, 7] {
            let merged = split_and_merge(args, shards, &dir);
            assert_same(&single, &merged, &format!("{args:?} in {shards}"));
        }
    }
    assert_eq!(stdout(&run(&["queens", "count", "9"], None)), "352\n");
}

#[test]
fn puzzle_counts_split_by_puzzle_merge_into_the_single_count() {
    let dir = folder("zoo");
    let ids = dir.join("ids.txt");
    // Three maps of Tatham's generator (one solution each) and a 4x4 Solo with
    // one given (72 solutions, cut by --limit).
    std::fs::write(
        &ids,
        "8x8n10:aabccbbaebageabbbbebbbcabbgaaaadabgabcdbbbdbc,c0a2a231\n\
         # a comment line\n\
         8x8n10:abcbfcbcabaaaaaabacaecgceacfeahabbaaacbaaadafa,3a30c102\n\
         8x8n10:nbdaafacadbbbdeemaeabadbccabeaababbac,a0320b1b\n",
    )
    .expect("the IDs are written");
    let sudokus = dir.join("sudokus.txt");
    std::fs::write(&sudokus, "2x2:1o\n2x2:1b2l\n2x2:1a1m\n").expect("written");
    let grids = dir.join("grids.txt");
    std::fs::write(
        &grids,
        "1...............\n..3.............\n12341234........\n",
    )
    .expect("written");
    let ids = ids.display().to_string();
    let sudokus = sudokus.display().to_string();
    let grids = grids.display().to_string();
    let runs: [&[&str]; 3] = [
        &["map", "count", "--file", &ids],
        &["solo", "count", "--file", &sudokus, "--limit", "50"],
        &[
            "sudoku", "count", "--file", &grids, "--box", "2x2", "--limit", "40",
        ],
    ];
    for args in runs {
        let single = run(args, None);
        for shards in [1, 2, 3, 7] {
            let merged = split_and_merge(args, shards, &dir);
            assert_same(&single, &merged, &format!("{args:?} in {shards}"));
        }
    }
}

#[test]
fn bad_shards_are_usage_errors() {
    for bad in ["3/3", "0/0", "x", "1/x", "-1/2", "2", "1/2/3"] {
        let flag = format!("--shard={bad}");
        let output = run(&["queens", "count", "8", &flag], None);
        assert_eq!(output.status.code(), Some(2), "{bad}");
        assert!(
            stderr(&output).contains("shard"),
            "{bad}: {}",
            stderr(&output)
        );
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn merge_refuses_missing_repeated_foreign_and_unfinished_parts() {
    let dir = folder("refuse");
    let part = |args: &[&str], name: &str| {
        let output = run(args, None);
        let file = dir.join(name);
        std::fs::write(&file, &output.stdout).expect("written");
        file.display().to_string()
    };
    let zero = part(&["queens", "count", "8", "--shard", "0/2"], "a.json");
    let one = part(&["queens", "count", "8", "--shard", "1/2"], "b.json");
    let other = part(&["queens", "count", "7", "--shard", "1/2"], "c.json");
    let unfinished = part(
        &[
            "queens",
            "count",
            "8",
            "--shard",
            "1/2",
            "--max-nodes",
            "20",
        ],
        "d.json",
    );
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "14200\n").expect("written");
    let junk = junk.display().to_string();
    let cases: [(&[&str], &str); 5] = [
        (&[&zero], "shard 1/2 is missing"),
        (&[&zero, &one, &one], "given twice"),
        (&[&zero, &other], "different runs"),
        (&[&zero, &unfinished], "unfinished"),
        (&[&junk], "not a part"),
    ];
    for (files, message) in cases {
        let mut args = vec!["merge-shards"];
        args.extend(files.iter().copied());
        let output = run(&args, None);
        assert_eq!(output.status.code(), Some(2), "{files:?}");
        assert!(
            stderr(&output).contains(message),
            "{files:?}: {}",
            stderr(&output)
        );
        assert!(output.stdout.is_empty());
    }
    let whole = run(&["merge-shards", &zero, &one], None);
    assert_eq!(stdout(&whole), "92\n");
}

#[test]
fn a_killed_count_resumes_from_its_checkpoint_to_the_same_result() {
    let dir = folder("resume");
    let checkpoint = dir.join("q15.json");
    let path = checkpoint.display().to_string();
    let args = [
        "queens",
        "count",
        "15",
        "--checkpoint",
        &path,
        "--checkpoint-every",
        "0",
    ];
    // Some subtrees done and saved, but far from all (the count takes seconds).
    let (interrupted, saved) = interrupted_after_first_unit(&args, &path);
    assert_eq!(
        interrupted.status.code(),
        Some(130),
        "{}",
        stderr(&interrupted)
    );
    assert!(interrupted.stdout.is_empty());
    assert!(stderr(&interrupted).contains("run the same command again to resume"));
    let done = saved["finished"].as_object().expect("finished units").len();
    let units = saved["units"].as_u64().expect("a unit count") as usize;
    assert!(done > 0 && done < units, "{done} of {units} saved");
    assert_eq!(saved["complete"], false);

    let resumed = run(&args, None);
    assert_eq!(stdout(&resumed), "2279184\n", "{}", stderr(&resumed));
    assert!(resumed.status.success());
    // Finished, the checkpoint answers at once, and refuses another command.
    assert_eq!(stdout(&run(&args, None)), "2279184\n");
    let other = run(&["queens", "count", "14", "--checkpoint", &path], None);
    assert_eq!(other.status.code(), Some(2));
    assert!(stderr(&other).contains("another run"), "{}", stderr(&other));
}

#[test]
fn a_checkpointed_puzzle_count_prints_what_one_run_prints() {
    let dir = folder("zoo-checkpoint");
    let checkpoint = dir.join("solo.json").display().to_string();
    let args = ["solo", "count", "2x2:1o", "--limit", "50"];
    let single = run(&args, None);
    let mut with = args.to_vec();
    with.extend(["--checkpoint", &checkpoint]);
    assert_same(&single, &run(&with, None), "first run");
    assert_same(&single, &run(&with, None), "from the finished checkpoint");
}

#[test]
fn generated_chunks_merge_into_the_single_run() {
    let dir = folder("generate");
    // Three chunks of 256 puzzles (the last one short).
    let args = [
        "sudoku", "generate", "--box", "2", "--count", "600", "--seed", "5",
    ];
    let single = run(&args, None);
    assert!(single.status.success(), "{}", stderr(&single));
    assert_eq!(stdout(&single).lines().count(), 600);
    for shards in [1, 2, 3, 7] {
        let merged = split_and_merge(&args, shards, &dir);
        assert_same(&single, &merged, &format!("generate in {shards}"));
    }
    let checkpoint = dir.join("generate.json").display().to_string();
    let mut with = args.to_vec();
    with.extend(["--checkpoint", &checkpoint]);
    assert_same(&single, &run(&with, None), "checkpointed");
    assert_same(&single, &run(&with, None), "from the finished checkpoint");
    let unseeded = run(
        &["sudoku", "generate", "--count", "5", "--shard", "0/2"],
        None,
    );
    assert_eq!(unseeded.status.code(), Some(2));
    assert!(
        stderr(&unseeded).contains("need --seed"),
        "{}",
        stderr(&unseeded)
    );
}

#[test]
fn one_puzzle_splits_into_its_search_subtrees() {
    let dir = folder("subtrees");
    // A map of six regions without a given colour: 504 colourings.
    let id = "4x4n6:adccfdbb,f";
    for args in [
        &["map", "count", id][..],
        &["map", "count", id, "--limit", "100"],
        // No solution: the first two regions touch and share a given colour.
        &["map", "count", "4x4n6:adccfdbb,00d"],
    ] {
        let single = run(args, None);
        for shards in [1, 2, 3, 7] {
            let merged = split_and_merge(args, shards, &dir);
            assert_same(&single, &merged, &format!("{args:?} in {shards}"));
        }
        let checkpoint = dir.join("map.json").display().to_string();
        let _ = std::fs::remove_file(&checkpoint);
        let mut with = args.to_vec();
        with.extend(["--checkpoint", &checkpoint]);
        assert_same(&single, &run(&with, None), "checkpointed");
    }
    assert_eq!(stdout(&run(&["map", "count", id], None)), "504\n");
}

#[test]
fn a_checkpoint_that_cannot_be_written_fails_at_once() {
    let dir = folder("unwritable");
    let path = dir
        .join("no-such-folder")
        .join("q.json")
        .display()
        .to_string();
    let output = run(&["queens", "count", "12", "--checkpoint", &path], None);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("no-such-folder"),
        "{}",
        stderr(&output)
    );
    assert!(output.stdout.is_empty());
}

/// A bench report in JSON without what depends on the clock or the machine (the
/// times, their intervals and flags, the run's facts): the rows' counters, rules
/// and answers, and the disagreements.
fn bench_figures(output: &Output) -> serde_json::Value {
    fn strip(value: &mut serde_json::Value) {
        match value {
            serde_json::Value::Object(map) => {
                for key in [
                    "seconds",
                    "repeat_seconds",
                    "ci95_seconds",
                    "puzzles_per_second",
                    "meta",
                    "timing_flags",
                ] {
                    map.remove(key);
                }
                map.values_mut().for_each(strip);
            }
            serde_json::Value::Array(list) => list.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut report: serde_json::Value =
        serde_json::from_str(&stdout(output)).expect("a JSON report");
    strip(&mut report);
    report
}

/// Writes `text` to `name` in `dir`, returning the path.
fn write_file(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("the input is written");
    path.display().to_string()
}

#[test]
fn bench_parts_merge_into_the_single_run() {
    let dir = folder("bench");
    // 70 4x4 sudokus (two units of puzzles, one with four solutions each time),
    // five board sizes (a unit each), and two skyscrapers puzzles added up.
    let sudokus = ["1.....2..3....4.", "......21.3..4..3", "12............21"];
    let sudoku: String = (0..70).map(|i| format!("{}\n", sudokus[i % 3])).collect();
    let sudoku = write_file(&dir, "sudoku.txt", &sudoku);
    let queens = write_file(&dir, "queens.txt", "4\n5\n6\n7\n8\n");
    let sky = write_file(
        &dir,
        "sky.txt",
        "4 3 2 1 1 2 2 2 4 3 2 1 1 2 2 2\n0 3 0 0 2 0 0 1 2 0 0 0 0 4 0 0\n",
    );
    let runs: [Vec<&str>; 3] = [
        vec!["bench", "sudoku", "--file", &sudoku, "--tiers", "fast,2"],
        vec!["bench", "queens", "--file", &queens, "--all-solutions"],
        vec!["bench", "skyscrapers", "--file", &sky, "--tiers", "fast,4"],
    ];
    for args in runs {
        let mut args = args.clone();
        args.extend(["--repeats", "1", "--warmup", "0", "--format", "json"]);
        let single = run(&args, None);
        assert!(single.status.success(), "{}", stderr(&single));
        let figures = bench_figures(&single);
        assert!(!figures["rows"].as_array().expect("rows").is_empty());
        for shards in 1..=3 {
            let merged = split_and_merge(&args, shards, &dir);
            assert_eq!(merged.status.code(), Some(0), "{}", stderr(&merged));
            let what = format!("{args:?} in {shards}");
            assert_eq!(bench_figures(&merged), figures, "{what}");
        }
    }
    // The table, too, is what one run prints (its times aside).
    let table = ["bench", "queens", "--file", &queens, "--repeats", "1"];
    let merged = split_and_merge(&table, 2, &dir);
    let first_line = |output: &Output| stdout(output).lines().next().map(str::to_string);
    assert_eq!(first_line(&merged), first_line(&run(&table, None)));
}

#[test]
fn bench_shards_refuse_bad_values() {
    let dir = folder("bench-bad");
    let queens = write_file(&dir, "queens.txt", "5\n");
    for bad in ["3/3", "0/0", "x", "1/2/3"] {
        let flag = format!("--shard={bad}");
        let output = run(&["bench", "queens", "--file", &queens, &flag], None);
        assert_eq!(output.status.code(), Some(2), "{bad}");
        assert!(stderr(&output).contains("shard"), "{}", stderr(&output));
    }
}

#[test]
fn a_killed_bench_resumes_from_its_checkpoint_to_the_same_result() {
    let dir = folder("bench-resume");
    let queens = write_file(&dir, "queens.txt", "6\n7\n8\n9\n10\n11\n12\n");
    let checkpoint = dir.join("bench.json").display().to_string();
    let plain = [
        "bench",
        "queens",
        "--file",
        &queens,
        "--all-solutions",
        "--restores",
        "copy",
        "--var-orders",
        "fewest",
        "--repeats",
        "1",
        "--format",
        "json",
    ];
    let mut args = plain.to_vec();
    args.extend(["--checkpoint", &checkpoint, "--checkpoint-every", "0"]);
    let (interrupted, saved) = interrupted_after_first_unit(&args, &checkpoint);
    assert_eq!(
        interrupted.status.code(),
        Some(130),
        "{}",
        stderr(&interrupted)
    );
    assert!(interrupted.stdout.is_empty());
    let done = saved["finished"].as_object().expect("finished units").len();
    assert!(done > 0 && done < 7, "{done} of 7 board sizes saved");

    let resumed = run(&args, None);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    let single = run(&plain, None);
    assert_eq!(bench_figures(&resumed), bench_figures(&single));
    let other = run(
        &[
            "bench",
            "queens",
            "--file",
            &queens,
            "--checkpoint",
            &checkpoint,
        ],
        None,
    );
    assert_eq!(other.status.code(), Some(2));
    assert!(stderr(&other).contains("another run"), "{}", stderr(&other));
}
