//! The median of repeated timings, with their range: the table reports both,
//! so a run on a loaded machine shows how far its figures wander.

use std::time::Duration;

/// The median and range of some timings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spread {
    /// The median (the mean of the two middle values for an even count).
    pub median: Duration,
    /// The fastest.
    pub min: Duration,
    /// The slowest.
    pub max: Duration,
    /// How many timings.
    pub count: usize,
}

impl Spread {
    /// The spread of `timings`; `None` for none.
    pub fn of(timings: &[Duration]) -> Option<Spread> {
        let mut sorted = timings.to_vec();
        sorted.sort_unstable();
        let count = sorted.len();
        let (&min, &max) = (sorted.first()?, sorted.last()?);
        let median = if count % 2 == 1 {
            sorted[count / 2]
        } else {
            (sorted[count / 2 - 1] + sorted[count / 2]) / 2
        };
        Some(Spread {
            median,
            min,
            max,
            count,
        })
    }
}

/// Milliseconds, as the tables print them.
pub fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e3
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(values: &[u64]) -> Vec<Duration> {
        values.iter().map(|&v| Duration::from_millis(v)).collect()
    }

    #[test]
    fn takes_the_middle_and_the_range() {
        let odd = Spread::of(&ms(&[9, 1, 5])).unwrap();
        assert_eq!(
            (odd.median, odd.min, odd.max),
            (ms(&[5])[0], ms(&[1])[0], ms(&[9])[0])
        );
        let even = Spread::of(&ms(&[4, 1, 2, 8])).unwrap();
        assert_eq!(even.median, Duration::from_millis(3));
        assert_eq!(even.count, 4);
        assert_eq!(Spread::of(&[]), None);
        assert_eq!(millis(Duration::from_micros(1500)), 1.5);
    }
}
