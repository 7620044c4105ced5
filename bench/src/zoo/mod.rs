//! The zoo against Simon Tatham's hand-written solvers: the pieces of the `zoo`
//! binary (`src/bin/zoo.rs`), which runs his standalone solver and `sieve` on
//! the same game IDs in the same run, checks their answers agree cell for cell,
//! and times both.
//!
//! ```
//! use sieve_bench::zoo::compare::{PeerAnswer, Verdict, judge};
//! use sieve_bench::zoo::puzzle::ZooPuzzle;
//!
//! // What `keensolver` prints for a 4x4 Keen, read into the zoo's line.
//! let id = "4:a_7a3_aac_,d2m4m6s1s2a9d2";
//! let printed = "2 4 1 3\n3 1 4 2\n4 3 2 1\n1 2 3 4\n";
//! let peer = PeerAnswer::of_output(ZooPuzzle::Keen.read_output(id, printed));
//! assert_eq!(judge(Some("2413314243211234"), &peer), Verdict::Agree);
//! ```

pub mod compare;
pub mod ids;
pub mod process;
pub mod puzzle;
pub mod spread;
pub mod tatham_output;
