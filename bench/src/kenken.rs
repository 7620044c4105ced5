//! KenKen-like puzzles for the `table` suite: a random Latin square cut into
//! random cages, each with an operation and the result it gives on the square.

/// A cage's operation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Operation {
    /// The values add up to the target.
    Sum,
    /// The values multiply to the target.
    Product,
    /// Two values differ by the target.
    Difference,
    /// The larger of two values is the target times the smaller.
    Quotient,
}

impl Operation {
    /// Whether `values` give `target`.
    pub fn holds(self, values: &[i32], target: i32) -> bool {
        match (self, values) {
            (Operation::Sum, _) => values.iter().sum::<i32>() == target,
            (Operation::Product, _) => values.iter().product::<i32>() == target,
            (Operation::Difference, &[a, b]) => (a - b).abs() == target,
            (Operation::Quotient, &[a, b]) => {
                let (low, high) = (a.min(b), a.max(b));
                high % low == 0 && high / low == target
            }
            _ => false,
        }
    }

    /// What `values` give.
    fn result(self, values: &[i32]) -> Option<i32> {
        match (self, values) {
            (Operation::Sum, _) => Some(values.iter().sum()),
            (Operation::Product, _) => Some(values.iter().product()),
            (Operation::Difference, &[a, b]) => Some((a - b).abs()),
            (Operation::Quotient, &[a, b]) => {
                let (low, high) = (a.min(b), a.max(b));
                (high % low == 0).then_some(high / low)
            }
            _ => None,
        }
    }

    /// The cage's sign, as printed.
    pub fn sign(self) -> &'static str {
        match self {
            Operation::Sum => "+",
            Operation::Product => "×",
            Operation::Difference => "−",
            Operation::Quotient => "÷",
        }
    }
}

/// A cage: its cells (row-major indices), operation and target.
#[derive(Clone, Debug)]
pub struct Cage {
    /// The cells, as `row * n + column`.
    pub cells: Vec<usize>,
    /// The operation.
    pub operation: Operation,
    /// What the operation gives on the solution.
    pub target: i32,
}

/// An `n`×`n` puzzle over the digits `1..=n`.
#[derive(Clone, Debug)]
pub struct KenKen {
    /// The side.
    pub n: usize,
    /// The cages, covering every cell once.
    pub cages: Vec<Cage>,
}

/// A seeded xorshift generator (the bench has no `rand`).
struct Random(u64);

impl Random {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound.max(1) as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

impl KenKen {
    /// A random puzzle of side `n`, cages of at most `largest` cells, with only the
    /// operations of `operations` (a two-cell cage may take any of them, a larger
    /// one sums or multiplies).
    pub fn random(n: usize, largest: usize, operations: &[Operation], seed: u64) -> Self {
        let mut random = Random(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
        let square = latin_square(n, &mut random);
        let mut owner = vec![usize::MAX; n * n];
        let mut cages = Vec::new();
        for start in 0..n * n {
            if owner[start] != usize::MAX {
                continue;
            }
            let size = 2 + random.below(largest.max(2) - 1);
            let cells = grow(n, start, size, &mut owner, cages.len(), &mut random);
            let values: Vec<i32> = cells.iter().map(|&cell| square[cell]).collect();
            let usable: Vec<Operation> = (operations.iter().copied())
                .filter(|operation| operation.result(&values).is_some())
                .filter(|&operation| {
                    values.len() == 2 || matches!(operation, Operation::Sum | Operation::Product)
                })
                .collect();
            let operation = match usable.as_slice() {
                [] => Operation::Sum,
                usable => usable[random.below(usable.len())],
            };
            let target = operation.result(&values).unwrap_or(0);
            cages.push(Cage {
                cells,
                operation,
                target,
            });
        }
        KenKen { n, cages }
    }
}

/// A random Latin square over `1..=n`: the cyclic one with rows, columns and
/// symbols shuffled.
fn latin_square(n: usize, random: &mut Random) -> Vec<i32> {
    let mut rows: Vec<usize> = (0..n).collect();
    let mut columns: Vec<usize> = (0..n).collect();
    let mut symbols: Vec<i32> = (1..=n as i32).collect();
    random.shuffle(&mut rows);
    random.shuffle(&mut columns);
    random.shuffle(&mut symbols);
    let mut square = vec![0; n * n];
    for r in 0..n {
        for c in 0..n {
            square[r * n + c] = symbols[(rows[r] + columns[c]) % n];
        }
    }
    square
}

/// A cage from `start` growing into free neighbours up to `size` cells.
fn grow(
    n: usize,
    start: usize,
    size: usize,
    owner: &mut [usize],
    cage: usize,
    random: &mut Random,
) -> Vec<usize> {
    let mut cells = vec![start];
    owner[start] = cage;
    while cells.len() < size {
        let mut free: Vec<usize> = Vec::new();
        for &cell in &cells {
            let (r, c) = (cell / n, cell % n);
            let neighbours = [
                (r > 0).then(|| cell - n),
                (r + 1 < n).then(|| cell + n),
                (c > 0).then(|| cell - 1),
                (c + 1 < n).then(|| cell + 1),
            ];
            free.extend(
                neighbours
                    .into_iter()
                    .flatten()
                    .filter(|&x| owner[x] == usize::MAX),
            );
        }
        if free.is_empty() {
            break;
        }
        let next = free[random.below(free.len())];
        owner[next] = cage;
        cells.push(next);
    }
    cells
}
