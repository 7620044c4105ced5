//! The support walk of [`DistinctSum`](super::DistinctSum) over domains of values
//! below 64, each written as a word.

/// The longest group the walk handles (every line of a magic square up to order
/// 16); longer groups are left to bounds reasoning.
pub(super) const MAX_CELLS: usize = 16;

/// The walk over one line's domains: which candidates have a support.
pub(super) struct Supports<'a> {
    domains: &'a [u64],
    target: u64,
    steps_left: u64,
    /// The undecided cells, smallest domain first: the walk's order.
    open: [u8; MAX_CELLS],
    open_len: usize,
    /// The candidates found supported so far, per cell.
    supported: &'a mut [u64],
}

/// The walk ran out of steps: nothing may be removed.
struct OutOfBudget;

impl<'a> Supports<'a> {
    /// A walk over `domains` (at most [`MAX_CELLS`]) for the sum `target`,
    /// spending at most `budget` steps, writing into `supported` (as long as
    /// `domains`).
    pub(super) fn new(
        domains: &'a [u64],
        target: u64,
        budget: u64,
        supported: &'a mut [u64],
    ) -> Self {
        debug_assert!(domains.len() <= MAX_CELLS && supported.len() == domains.len());
        let mut open = [0u8; MAX_CELLS];
        let mut open_len = 0;
        for (cell, domain) in domains.iter().enumerate() {
            if domain.count_ones() > 1 {
                open[open_len] = cell as u8;
                open_len += 1;
            }
        }
        open[..open_len].sort_unstable_by_key(|&cell| domains[usize::from(cell)].count_ones());
        supported.fill(0);
        Self {
            domains,
            target,
            steps_left: budget,
            open,
            open_len,
            supported,
        }
    }

    /// Finds the supported candidates of every cell (written to `supported`).
    /// `false` when the line has no solution at all. When the budget runs
    /// out, every candidate is kept.
    pub(super) fn find(&mut self) -> bool {
        let mut decided = 0u64;
        let mut decided_sum = 0u64;
        for &domain in self.domains {
            if domain == 0 || (domain.count_ones() == 1 && decided & domain != 0) {
                return false;
            }
            if domain.count_ones() == 1 {
                decided |= domain;
                decided_sum += u64::from(domain.trailing_zeros());
            }
        }
        let Some(rest) = self.target.checked_sub(decided_sum) else {
            return false;
        };
        match self.walk(0, decided, rest) {
            Err(OutOfBudget) => {
                self.supported.copy_from_slice(self.domains);
                true
            }
            Ok(found) => {
                for (kept, &domain) in self.supported.iter_mut().zip(self.domains) {
                    if domain.count_ones() == 1 {
                        *kept = domain;
                    }
                }
                found
            }
        }
    }

    /// Give the open cells from `position` on different values outside
    /// `used` summing to `rest`, marking every value of every way that works.
    /// `Ok(true)` when there is at least one.
    fn walk(&mut self, position: usize, used: u64, rest: u64) -> Result<bool, OutOfBudget> {
        let free = |cell: u8| self.domains[usize::from(cell)] & !used;
        let open = self.open;
        match open[position..self.open_len] {
            [] => Ok(rest == 0),
            [last] => {
                let fits = rest < 64 && free(last) >> rest & 1 == 1;
                if fits {
                    self.supported[usize::from(last)] |= 1 << rest;
                }
                Ok(fits)
            }
            [first, second] => {
                let firsts = partners(free(first), free(second), rest);
                if firsts == 0 {
                    return Ok(false);
                }
                self.supported[usize::from(first)] |= firsts;
                self.supported[usize::from(second)] |= partners(free(second), free(first), rest);
                Ok(true)
            }
            [cell, ref later @ ..] => {
                let (low, high) = later.iter().fold((0, 0), |(low, high), &other| {
                    (low + lowest(free(other)), high + highest(free(other)))
                });
                let mut found = false;
                for value in crate::fast::bits(free(cell)) {
                    let value = u64::from(value);
                    if value > rest || rest - value < low {
                        break; // larger values leave even less for the others
                    }
                    if rest - value > high {
                        continue;
                    }
                    self.steps_left = self.steps_left.checked_sub(1).ok_or(OutOfBudget)?;
                    if self.walk(position + 1, used | 1 << value, rest - value)? {
                        self.supported[usize::from(cell)] |= 1 << value;
                        found = true;
                    }
                }
                Ok(found)
            }
        }
    }
}

/// The values `a` of `firsts` for which `rest − a` is a value of `seconds`
/// other than `a` itself.
///
/// Mirroring `seconds` puts value `b` at bit `63 − b`; shifting that by
/// `rest − 63` puts it at bit `rest − b`, the partner `b` needs.
pub(super) fn partners(firsts: u64, seconds: u64, rest: u64) -> u64 {
    let mirrored = seconds.reverse_bits();
    let complements = if rest >= 63 {
        mirrored
            .checked_shl((rest - 63).try_into().unwrap_or(u32::MAX))
            .unwrap_or(0)
    } else {
        mirrored >> (63 - rest)
    };
    let mut result = firsts & complements;
    if rest.is_multiple_of(2) && rest / 2 < 64 {
        result &= !(1 << (rest / 2));
    }
    result
}

/// The smallest value of a word (0 for an empty one).
fn lowest(word: u64) -> u64 {
    if word == 0 {
        0
    } else {
        u64::from(word.trailing_zeros())
    }
}

/// The largest value of a word (0 for an empty one).
fn highest(word: u64) -> u64 {
    if word == 0 {
        0
    } else {
        u64::from(63 - word.leading_zeros())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `partners` against its definition, on every pair of small domains.
    #[test]
    fn partners_match_their_definition() {
        for firsts in 0u64..64 {
            for seconds in [0u64, 1, 0b1011, 0b110110, 1 << 5 | 1 << 63] {
                for rest in [0, 1, 4, 5, 8, 63, 64, 68, 126, 200] {
                    let expected = (0..64)
                        .filter(|&a| firsts >> a & 1 == 1)
                        .filter(|&a| {
                            rest >= a
                                && rest - a < 64
                                && rest - a != a
                                && seconds >> (rest - a) & 1 == 1
                        })
                        .fold(0, |mask, a| mask | 1 << a);
                    assert_eq!(
                        partners(firsts, seconds, rest),
                        expected,
                        "{firsts:b} {seconds:b} {rest}"
                    );
                }
            }
        }
    }
}
