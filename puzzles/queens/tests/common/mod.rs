//! A plain, independent re-implementation of Constraint.Queen's solve loop
//! (`QueSolve` / `QueChange` in the source's `make.tol`), used as a test oracle.
//!
//! It shares no code with the crate: boards are `Vec<u32>` of 1-based rows and
//! the state memory is built as text, exactly as the source builds `QueMemory`.

/// How many steps the oracle takes before giving up (there is no solution for
/// N = 2 or 3, and the source's loop would never stop).
pub const ORACLE_STEP_LIMIT: usize = 1_000_000;

/// Runs the classic loop from `start` (rows of columns 1..N, 1-based) and
/// returns the state memory text and the final board. Panics if it takes more
/// than [`ORACLE_STEP_LIMIT`] steps.
pub fn classic_oracle(start: &[u32]) -> (String, Vec<u32>) {
    classic_oracle_limited(start, ORACLE_STEP_LIMIT)
        .unwrap_or_else(|| panic!("no solution from {start:?} within {ORACLE_STEP_LIMIT} steps"))
}

/// As [`classic_oracle`], but `None` after `max_steps` actions and refusals.
pub fn classic_oracle_limited(start: &[u32], max_steps: usize) -> Option<(String, Vec<u32>)> {
    let size = start.len();
    let text = |board: &[u32]| {
        let rows: Vec<String> = board.iter().map(u32::to_string).collect();
        rows.join(if size > 9 { " " } else { "" })
    };
    let move_up = |board: &[u32], queen: usize| {
        let mut moved = board.to_vec();
        moved[queen - 1] = if board[queen - 1] as usize == size {
            1
        } else {
            board[queen - 1] + 1
        };
        moved
    };
    let mut memory = format!("{}INIT|", text(start));
    let mut board = start.to_vec();
    'scan: for _ in 0..=max_steps {
        for queen in 2..=size {
            let slave = board[queen - 1];
            let row_fails = (1..queen).any(|master| board[master - 1] == slave);
            let diagonal_fails = (1..queen)
                .any(|master| (queen - master) as u32 == board[master - 1].abs_diff(slave));
            if row_fails || diagonal_fails {
                let action = move_up(&board, queen);
                let action_text = text(&action);
                let seen = memory.split('|').any(|entry| {
                    entry
                        .strip_prefix(action_text.as_str())
                        .is_some_and(|rest| rest.starts_with(['I', 'A', 'R']))
                });
                let mark = if seen { 'R' } else { 'A' };
                memory.push_str(&format!(
                    "{action_text}{mark}{queen}:{}|",
                    action[queen - 1]
                ));
                board = if seen {
                    move_up(&board, queen - 1)
                } else {
                    action
                };
                continue 'scan;
            }
        }
        return Some((memory, board));
    }
    None
}
