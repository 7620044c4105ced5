//! Running the built `sieve` binary, shared by the CLI test files.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

pub mod page_data;
pub mod zoo;

/// Runs `sieve` with `args`, feeding `stdin` when given.
pub fn run(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sieve"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sieve binary starts");
    let mut input = child.stdin.take().expect("a stdin pipe");
    let text = stdin.unwrap_or("").to_string();
    // Written from a thread, so a large input cannot dead-lock against the output.
    let writer = std::thread::spawn(move || {
        // The binary may stop reading early; a broken pipe here is its business.
        let _ = input.write_all(text.as_bytes());
    });
    let output = child.wait_with_output().expect("the sieve binary finishes");
    writer.join().expect("the writer thread ends");
    output
}

/// Runs `sieve <prefix> <args>`.
pub fn run_with(prefix: &str, args: &[&str], stdin: Option<&str>) -> Output {
    let mut all = vec![prefix];
    all.extend_from_slice(args);
    run(&all, stdin)
}

/// Standard output as text.
pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

/// Standard error as text.
pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 messages")
}

/// Asserts the exit code, showing both streams when it is wrong.
pub fn assert_exit(output: &Output, code: i32) {
    assert_eq!(
        output.status.code(),
        Some(code),
        "stdout:\n{}\nstderr:\n{}",
        stdout(output),
        stderr(output)
    );
}
