//! The unique mode's rule: two rows (or two columns), each with as many 1s
//! as 0s, are not the same.
//!
//! A line whose 1s are all placed has its other cells 0, and one whose 0s
//! are all placed its other cells 1: its filling is then settled. When one
//! line is settled and giving the other a value in an open cell would
//! settle it the same way, that cell cannot have that value. This is
//! Tatham's "matching rows" deduction (a full row, and a row that shares
//! all but one of its 1s), for either value, and it fires as soon as the
//! count alone settles the first line.
//!
//! The rule's meaning is the whole of that: both lines hold `length / 2`
//! 1s, and they differ. It removes the values no filling of the two lines
//! with those counts that differ uses (domain consistency for that meaning,
//! which the oracle tests check): the count's own deductions, and the one
//! above.
//!
//! ```
//! use sieve::prelude::*;
//! use sieve_unruly::DifferentLines;
//!
//! // Row 1 is 1 1 0 0; row 2 starts with a 1. Its second cell cannot be 1:
//! // that would place both its 1s, settling it as 1 1 0 0 too.
//! let mut model = Model::new();
//! let first = model.new_vars(4, 2);
//! let second = model.new_vars(4, 2);
//! let rows = [first.clone(), second.clone()];
//! model.add_rule(DifferentLines::new("rows 1 and 2 differ", rows, ["row 1", "row 2"])?)?;
//! let mut state = model.domains();
//! for (var, value) in first.iter().zip([1, 1, 0, 0]) {
//!     state.assign(*var, value)?;
//! }
//! state.assign(second[0], 1)?;
//! propagate(&model, &mut state, Schedule::Queue, None)?;
//! assert_eq!(state.value(second[1]), Some(0));
//! assert_eq!(state.count(second[2]), 2);
//!
//! // Two 1s in row 2 as in row 1: the rest are 0s, and the rows the same.
//! let mut state = model.domains();
//! for (var, value) in first.iter().zip([1, 1, 0, 0]) {
//!     state.assign(*var, value)?;
//! }
//! state.assign(second[0], 1)?;
//! state.assign(second[1], 1)?;
//! let fixpoint = propagate(&model, &mut state, Schedule::Queue, None)?;
//! assert!(matches!(fixpoint, Fixpoint::Conflict(_)));
//! # Ok::<(), sieve::Error>(())
//! ```

use sieve::{
    Conflict, Consistency, Context, Cost, Domains, Events, Names, Rule, Value, VarId, Watch, Why,
};

/// Two lines of `length / 2` 1s each that differ (see the [module
/// docs](self)). Values are 0 and 1.
#[derive(Clone, Debug)]
pub struct DifferentLines {
    name: String,
    lines: [Vec<VarId>; 2],
    labels: [String; 2],
    /// Both lines' variables, for the watches and causes.
    all: Vec<VarId>,
}

/// What is known of a line: bit `p` of `ones` when cell `p` is 1, of
/// `zeros` when it is 0, of `open` when it can still be either.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Known {
    pub(crate) ones: u64,
    pub(crate) zeros: u64,
    pub(crate) open: u64,
}

impl Known {
    pub(crate) fn read(domains: &Domains, vars: &[VarId]) -> Known {
        let mut known = Known {
            ones: 0,
            zeros: 0,
            open: 0,
        };
        for (position, &var) in vars.iter().enumerate() {
            let bit = 1u64 << position;
            match (domains.contains(var, 0), domains.contains(var, 1)) {
                (true, true) => known.open |= bit,
                (false, true) => known.ones |= bit,
                (true, false) => known.zeros |= bit,
                (false, false) => {}
            }
        }
        known
    }

    /// The 1s of the line's only filling with `half` 1s, when the count
    /// leaves one (every cell known, or the 1s or the 0s all placed).
    fn settled(self, half: u32) -> Option<u64> {
        if self.open == 0 || self.ones.count_ones() == half {
            Some(self.ones)
        } else if self.zeros.count_ones() == half {
            Some(self.ones | self.open)
        } else {
            None
        }
    }

    /// The line with its open cell `bit` given `value`.
    fn with(self, bit: u64, value: Value) -> Known {
        let open = self.open & !bit;
        if value == 1 {
            Known {
                ones: self.ones | bit,
                open,
                ..self
            }
        } else {
            Known {
                zeros: self.zeros | bit,
                open,
                ..self
            }
        }
    }
}

impl DifferentLines {
    /// The two lines (variables in reading order, values 0 and 1), named in
    /// sentences by `labels` ("row 2"). Refuses lines of different or odd
    /// lengths, or longer than 64.
    pub fn new(
        name: impl Into<String>,
        lines: [Vec<VarId>; 2],
        labels: [&str; 2],
    ) -> Result<Self, sieve::Error> {
        let name = name.into();
        let length = lines[0].len();
        if lines[1].len() != length || !length.is_multiple_of(2) || length > 64 {
            return Err(sieve::Error::InvalidRule {
                rule: name,
                problem: format!(
                    "lines of {} and {} cells: both must have the same even length, at most 64",
                    lines[0].len(),
                    lines[1].len()
                ),
            });
        }
        let all = lines.concat();
        Ok(DifferentLines {
            name,
            lines,
            labels: labels.map(str::to_string),
            all,
        })
    }

    fn half(&self) -> u32 {
        // At most 64 cells.
        (self.lines[0].len() / 2) as u32
    }

    /// Removes `value` from the open cells of line `index` whose count of
    /// `value` is complete; a conflict when it is over.
    fn complete_count(&self, ctx: &mut Context<'_>, index: usize) -> Result<bool, Conflict> {
        let known = Known::read(ctx.domains(), &self.lines[index]);
        let half = self.half();
        let label = &self.labels[index];
        let mut changed = false;
        for (value, placed) in [(1, known.ones), (0, known.zeros)] {
            if placed.count_ones() > half {
                let text = |_: &Names| format!("{label} has more than {half} {value}s");
                let why = Why::new("line count").cause(&self.all).named_text(&text);
                return Err(ctx.conflict(&why));
            }
            if placed.count_ones() < half {
                continue;
            }
            for (position, &var) in self.lines[index].iter().enumerate() {
                if known.open >> position & 1 == 1 {
                    let text = |names: &Names| {
                        format!(
                            "{} cannot be {value}: {label} already has its {half} {value}s",
                            names.var_name(var)
                        )
                    };
                    let why = Why::new("line count").cause(&self.all).named_text(&text);
                    changed |= ctx.remove(var, value, &why)?;
                }
            }
        }
        Ok(changed)
    }

    /// Removes from line `index` each value that would settle it as the
    /// other line is settled; a conflict when both are settled alike.
    fn keep_apart(&self, ctx: &mut Context<'_>, index: usize) -> Result<bool, Conflict> {
        let half = self.half();
        let other = 1 - index;
        let domains = ctx.domains();
        let known = Known::read(domains, &self.lines[index]);
        let Some(settled) = Known::read(domains, &self.lines[other]).settled(half) else {
            return Ok(false);
        };
        let (label, other_label) = (&self.labels[index], &self.labels[other]);
        if known.settled(half) == Some(settled) {
            let text = |_: &Names| format!("{label} and {other_label} are the same");
            let why = Why::new("lines the same")
                .cause(&self.all)
                .named_text(&text);
            return Err(ctx.conflict(&why));
        }
        let mut changed = false;
        for (position, &var) in self.lines[index].iter().enumerate() {
            let bit = 1u64 << position;
            if known.open & bit == 0 {
                continue;
            }
            for value in [0, 1] {
                if known.with(bit, value).settled(half) != Some(settled) {
                    continue;
                }
                let text = |names: &Names| {
                    format!(
                        "{} cannot be {value}: that settles {label}'s count and makes it the \
                         same as {other_label}",
                        names.var_name(var)
                    )
                };
                let why = Why::new("lines the same")
                    .cause(&self.all)
                    .named_text(&text);
                changed |= ctx.remove(var, value, &why)?;
            }
        }
        Ok(changed)
    }
}

impl Rule for DifferentLines {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.all, Events::REMOVED)
    }

    fn cost(&self) -> Cost {
        Cost::Linear
    }

    fn idempotent(&self) -> bool {
        // The action repeats its steps until they change nothing.
        true
    }

    fn consistency(&self) -> Consistency {
        Consistency::Domain
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        loop {
            let mut changed = false;
            for index in 0..2 {
                changed |= self.complete_count(ctx, index)?;
            }
            for index in 0..2 {
                changed |= self.keep_apart(ctx, index)?;
            }
            if !changed {
                return Ok(());
            }
        }
    }

    fn holds(&self, values: &[Value]) -> bool {
        let [first, second] = &self.lines;
        let read =
            |vars: &[VarId]| -> Vec<Value> { vars.iter().map(|var| values[var.index()]).collect() };
        let (first, second) = (read(first), read(second));
        let half = first.len() / 2;
        let ones = |line: &[Value]| line.iter().filter(|&&value| value == 1).count();
        ones(&first) == half && ones(&second) == half && first != second
    }
}
