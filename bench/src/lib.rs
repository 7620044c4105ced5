//! Benchmark support for Sieve: peers and helpers shared by the criterion suites
//! and the dataset runner.
pub mod check_only;
pub mod from_scratch_sum;
pub mod from_scratch_table;
pub mod kenken;
pub mod line_placements;
pub mod queens_bitboard;
pub mod zoo;
