//! Honest timing for a matrix: the order runs happen in, and what their times say.
//!
//! A machine's speed drifts while a matrix runs (other work, frequency, caches), and
//! on a shared machine a run is now and then descheduled for milliseconds. A
//! strategy timed in one block would be compared with a strategy timed in another
//! block under other conditions. So every repeat runs each start state under every
//! cell (rule set × strategy) back to back, in an order shuffled per start state and
//! repeat from a fixed seed, after warm-up rounds that are not timed: drift reaches
//! every cell alike, and the same seed gives the same order on every machine.
//!
//! A row's time is each start state's median over the repeats, summed
//! ([`total_of_medians`]): a run descheduled on one start state in one repeat moves
//! that state's median little, where it would move a whole pass's time. The
//! interval is a bootstrap percentile interval of that total (2,000 resamples,
//! seeded), each resample drawing every start state's repeats again
//! ([`total_interval`]): it says how far the total moves when the same number of
//! repeats is drawn again, not how the machine will behave tomorrow. Two rows that
//! did exactly the same work and whose intervals do not overlap are flagged
//! ([`TimingFlag`]): the harness, not the strategy, made them differ.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::Row;

/// The order the cells run one start state in, in one repeat: every cell index
/// once, shuffled by the (repeat, start state)'s own stream of the seed.
pub(crate) fn cell_order(cells: usize, seed: u64, repeat: usize, start: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..cells).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(((repeat as u64) << 32) ^ start as u64);
    order.shuffle(&mut rng);
    order
}

/// The median of `values` (0 for none).
pub fn median(values: &[f64]) -> f64 {
    let mut values = values.to_vec();
    let n = values.len();
    if n == 0 {
        return 0.0;
    }
    // A selection, not a sort: the bootstrap takes thousands of medians.
    let (below, &mut upper, _) = values.select_nth_unstable_by(n / 2, f64::total_cmp);
    if n % 2 == 1 {
        return upper;
    }
    let lower = below
        .iter()
        .copied()
        .max_by(f64::total_cmp)
        .unwrap_or(upper);
    (lower + upper) / 2.0
}

/// Resamples drawn for each interval.
const RESAMPLES: usize = 2_000;

/// The bootstrap 95 % percentile interval of the median of `times` (`[t, t]` for
/// a single time, `[0, 0]` for none).
pub fn median_interval(times: &[f64], seed: u64) -> [f64; 2] {
    match times.len() {
        0 => return [0.0, 0.0],
        1 => return [times[0], times[0]],
        _ => {}
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut sample = vec![0.0; times.len()];
    let mut medians: Vec<f64> = (0..RESAMPLES)
        .map(|_| {
            for slot in sample.iter_mut() {
                *slot = times[rng.random_range(0..times.len())];
            }
            median(&sample)
        })
        .collect();
    medians.sort_by(f64::total_cmp);
    percentiles(&medians)
}

/// A row's time: the median of each start state's repeats, summed.
pub fn total_of_medians(per_start: &[&[f64]]) -> f64 {
    per_start.iter().map(|times| median(times)).sum()
}

/// The bootstrap 95 % percentile interval of [`total_of_medians`]: each resample
/// draws every start state's repeats again with replacement (`[t, t]` when no
/// start state has two repeats).
pub fn total_interval(per_start: &[&[f64]], seed: u64) -> [f64; 2] {
    if per_start.iter().all(|times| times.len() < 2) {
        let total = total_of_medians(per_start);
        return [total, total];
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut sample = Vec::new();
    let mut totals: Vec<f64> = (0..RESAMPLES)
        .map(|_| {
            let mut total = 0.0;
            for times in per_start {
                sample.clear();
                sample.extend((0..times.len()).map(|_| times[rng.random_range(0..times.len())]));
                total += median(&sample);
            }
            total
        })
        .collect();
    totals.sort_by(f64::total_cmp);
    percentiles(&totals)
}

/// The 2.5 % and 97.5 % points of sorted resampled statistics.
fn percentiles(sorted: &[f64]) -> [f64; 2] {
    let at = |fraction: f64| sorted[((sorted.len() - 1) as f64 * fraction).round() as usize];
    [at(0.025), at(0.975)]
}

/// Two rows of one rule set that did the same work (every search counter equal)
/// and whose time intervals do not overlap: a difference the strategies cannot
/// explain, so their timings are not to be read as a ranking.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TimingFlag {
    /// The rule set.
    pub rule_set: String,
    /// The faster row's strategy.
    pub faster: String,
    /// The slower row's strategy.
    pub slower: String,
    /// The slower median over the faster one.
    pub ratio: f64,
}

/// Every pair of rows of one rule set with equal work and disjoint intervals.
pub fn timing_flags(rows: &[Row]) -> Vec<TimingFlag> {
    let mut flags = Vec::new();
    for (index, first) in rows.iter().enumerate() {
        for second in &rows[index + 1..] {
            let same_work = first.rule_set == second.rule_set && first.totals == second.totals;
            let (a, b) = (first.ci95_seconds, second.ci95_seconds);
            if !same_work || (a[1] >= b[0] && b[1] >= a[0]) {
                continue;
            }
            let (faster, slower) = if first.seconds <= second.seconds {
                (first, second)
            } else {
                (second, first)
            };
            flags.push(TimingFlag {
                rule_set: first.rule_set.clone(),
                faster: faster.strategy.clone(),
                slower: slower.strategy.clone(),
                ratio: if faster.seconds > 0.0 {
                    slower.seconds / faster.seconds
                } else {
                    f64::INFINITY
                },
            });
        }
    }
    flags
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_start_state_runs_every_cell_once_in_its_own_order() {
        let orders: Vec<Vec<usize>> = (0..4)
            .flat_map(|repeat| (0..3).map(move |start| cell_order(6, 7, repeat, start)))
            .collect();
        for order in &orders {
            let mut sorted = order.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..6).collect::<Vec<_>>());
        }
        assert!(orders.windows(2).any(|pair| pair[0] != pair[1]));
        assert_eq!(
            cell_order(6, 7, 2, 1),
            orders[7],
            "the same seed, the same order"
        );
    }

    #[test]
    fn the_median_is_the_middle_value_or_the_mean_of_the_two_middle_ones() {
        assert_eq!(median(&[]), 0.0);
        assert_eq!(median(&[3.0]), 3.0);
        assert_eq!(median(&[5.0, 1.0, 3.0]), 3.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
        assert_eq!(median(&[7.0, 7.0, 1.0, 9.0, 2.0, 8.0]), 7.0);
    }

    #[test]
    fn the_interval_holds_the_median_and_narrows_with_agreeing_times() {
        let spread = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0];
        let [low, high] = median_interval(&spread, 1);
        assert!(
            low <= 4.0 && 4.0 <= high && low >= 1.0 && high <= 7.0,
            "{low} {high}"
        );
        let tight = [4.0, 4.01, 3.99, 4.0, 4.0];
        let [low, high] = median_interval(&tight, 1);
        assert!(high - low <= 0.02, "{low} {high}");
        assert_eq!(median_interval(&[2.5], 1), [2.5, 2.5]);
    }

    #[test]
    fn a_descheduled_run_moves_the_total_of_medians_little() {
        let steady: Vec<Vec<f64>> = (0..50).map(|_| vec![1.0; 9]).collect();
        let mut hit = steady.clone();
        for (start, times) in hit.iter_mut().enumerate() {
            times[start % 9] = 40.0;
        }
        let steady: Vec<&[f64]> = steady.iter().map(Vec::as_slice).collect();
        let hit_slices: Vec<&[f64]> = hit.iter().map(Vec::as_slice).collect();
        assert_eq!(total_of_medians(&steady), 50.0);
        assert_eq!(total_of_medians(&hit_slices), 50.0);
        let [low, high] = total_interval(&hit_slices, 3);
        assert!(low == 50.0 && high <= 50.0 + 2.0 * 39.0, "{low} {high}");
        let passes: Vec<f64> = (0..9)
            .map(|repeat| hit.iter().map(|times| times[repeat]).sum())
            .collect();
        assert!(median(&passes) > 200.0, "the pass total does move");
        assert_eq!(total_interval(&[&[2.0], &[3.0]], 1), [5.0, 5.0]);
    }
}
