//! The `sieve` command line.
fn main() {}
