//! The SRMagic and MZ-80B generators and the generated puzzle's service API.

use std::collections::HashSet;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sieve_sudoku::generate::transform::{self, MZ80B_GRID_COUNT, STORED_GRIDS, Variety};
use sieve_sudoku::generate::{GenerateError, GeneratedPuzzle, Uniqueness, srmagic};
use sieve_sudoku::{Grid, Shape, check_solution, reference};

/// Everything a person needs to review one generated puzzle.
fn render(puzzle: &GeneratedPuzzle) -> String {
    format!(
        "puzzle ({} visible, {} hidden, {}):\n{}\nsolution:\n{}",
        puzzle.visible_count(),
        puzzle.hidden_count(),
        puzzle.uniqueness(),
        puzzle.puzzle().to_block().unwrap(),
        puzzle.solution().to_block().unwrap(),
    )
}

fn assert_valid(puzzle: &GeneratedPuzzle) {
    let grid = puzzle.puzzle();
    assert_eq!(check_solution(&grid, puzzle.solution()), Ok(()));
    assert_eq!(grid.given_count(), puzzle.visible_count());
}

/// The SRMagic visible-cell rules that the pipeline guarantees.
fn assert_srmagic_rules(puzzle: &GeneratedPuzzle) {
    let shape = puzzle.shape();
    let size = shape.size();
    let n = shape.box_rows();
    let grid = puzzle.puzzle();
    for index in 0..size {
        let shows = |cells: Vec<usize>| cells.iter().filter(|&&c| grid.get(c).is_some()).count();
        assert!(shows(shape.row_cells(index)) > 0, "row {index} is empty");
        assert!(shows(shape.col_cells(index)) > 0, "column {index} is empty");
        assert!(shows(shape.box_cells(index)) > 0, "box {index} is empty");
        let value = index as u8;
        assert!(
            grid.cells().contains(&Some(value)),
            "value {} is never visible",
            index + 1
        );
    }
    let boxes_with_n = (0..size)
        .filter(|&b| {
            let cells = shape.box_cells(b);
            cells.iter().filter(|&&c| grid.get(c).is_some()).count() >= n
        })
        .count();
    assert!(
        boxes_with_n >= n,
        "only {boxes_with_n} boxes show {n} cells"
    );
}

#[test]
fn srmagic_puzzles_are_valid_and_follow_the_rules() {
    for (size, seeds) in [(4, 0..60), (9, 0..60), (16, 0..6)] {
        for seed in seeds {
            let puzzle = srmagic::generate(size, seed).unwrap();
            assert_eq!(puzzle.shape(), Shape::for_size(size).unwrap());
            assert_valid(&puzzle);
            assert_srmagic_rules(&puzzle);
        }
    }
}

#[test]
fn srmagic_builds_25x25() {
    let puzzle = srmagic::generate(25, 1).unwrap();
    assert_valid(&puzzle);
    assert_srmagic_rules(&puzzle);
}

#[test]
fn srmagic_reports_uniqueness_honestly() {
    let mut seen = HashSet::new();
    for seed in 0..30 {
        for size in [4, 9] {
            let puzzle = srmagic::generate(size, seed).unwrap();
            let expected = match reference::count_solutions(&puzzle.puzzle(), 2) {
                1 => Uniqueness::Unique,
                _ => Uniqueness::Multiple,
            };
            assert_eq!(puzzle.uniqueness(), expected);
            seen.insert(expected);
        }
    }
    assert!(seen.contains(&Uniqueness::Unique) && seen.contains(&Uniqueness::Multiple));
}

#[test]
fn srmagic_steps_keep_the_grid_valid() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for n in 2..=5 {
        let shape = Shape::square(n).unwrap();
        let core = srmagic::sample_core(n, &mut rng);
        let mut sorted = core.clone();
        sorted.sort_unstable();
        assert_eq!(
            sorted,
            (0..(n * n) as u8).collect::<Vec<_>>(),
            "a permutation"
        );
        let mut values = srmagic::expand_core(n, &core);
        let as_grid = |values: &[u8]| {
            Grid::from_cells(shape, values.iter().map(|&v| Some(v)).collect()).unwrap()
        };
        let empty = Grid::empty(shape);
        let trivial = as_grid(&values);
        assert_eq!(check_solution(&empty, &trivial), Ok(()));
        assert!(srmagic::is_easy(&trivial), "the trivial grid is easy");
        srmagic::swap_round(n, &mut values, &mut rng);
        assert_eq!(check_solution(&empty, &as_grid(&values)), Ok(()));
        srmagic::refine(n, &mut values, &mut rng);
        assert_eq!(check_solution(&empty, &as_grid(&values)), Ok(()));
    }
}

#[test]
fn srmagic_mostly_keeps_grids_that_are_not_easy() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let easy = (0..40)
        .filter(|_| srmagic::is_easy(&srmagic::solved_grid(9, &mut rng).unwrap()))
        .count();
    assert!(easy <= 3, "{easy} of 40 kept grids are easy");
}

#[test]
fn srmagic_rejects_other_sizes() {
    for size in [0, 1, 6, 10, 12, 81] {
        assert_eq!(
            srmagic::generate(size, 0).unwrap_err(),
            GenerateError::NotSquareSize { size }
        );
    }
    assert_eq!(
        srmagic::generate(12, 0).unwrap_err().to_string(),
        "SRMagic builds sides n² with n from 2 to 8 (4, 9, 16, 25, 36, 49 or 64); 12 is not one"
    );
}

#[test]
fn generation_is_reproducible_from_the_seed() {
    for seed in [0, 1, 77, u64::MAX] {
        assert_eq!(srmagic::generate(9, seed), srmagic::generate(9, seed));
        assert_eq!(srmagic::generate(16, seed), srmagic::generate(16, seed));
        assert_eq!(transform::generate(5, seed), transform::generate(5, seed));
    }
    let distinct: HashSet<String> = (0..20)
        .map(|seed| render(&srmagic::generate(9, seed).unwrap()))
        .collect();
    assert_eq!(distinct.len(), 20);
    let distinct: HashSet<String> = (0..20)
        .map(|seed| render(&transform::generate(4, seed).unwrap()))
        .collect();
    assert_eq!(distinct.len(), 20);
}

#[test]
fn stored_grids_are_valid_and_the_first_three_are_the_listings() {
    let listing = [
        "835416927296857431417293658569134782123678549748529163652781394981345276374962815",
        "357964281468123579912587463631795842724318695895246137176459328583672914249831756",
        "845967312723814956961532748359178624617243895284659137576491283492386571138725469",
    ];
    assert_eq!(&STORED_GRIDS[..MZ80B_GRID_COUNT], &listing);
    let empty = Grid::empty(Shape::classic());
    let mut distinct = HashSet::new();
    for text in STORED_GRIDS {
        let grid = Grid::parse(text).unwrap();
        assert_eq!(check_solution(&empty, &grid), Ok(()), "{text}");
        distinct.insert(text);
    }
    assert_eq!(distinct.len(), STORED_GRIDS.len());
}

/// The 18 variants of a stored grid the listing can reach: reversal (or not),
/// then the last band moved to the top b times and the first stack moved to
/// the end s times, written with index arithmetic rather than string moves.
fn classic_variants() -> HashSet<String> {
    let mut variants = HashSet::new();
    for text in STORED_GRIDS {
        let digits: Vec<char> = text.chars().collect();
        for reversed in [false, true] {
            let base = |i: usize| if reversed { digits[80 - i] } else { digits[i] };
            for bands in 0..3 {
                for stacks in 0..3 {
                    let variant: String = (0..81)
                        .map(|cell| {
                            let (row, col) = (cell / 9, cell % 9);
                            base((row + 9 - 3 * bands) % 9 * 9 + (col + 3 * stacks) % 9)
                        })
                        .collect();
                    variants.insert(variant);
                }
            }
        }
    }
    variants
}

#[test]
fn classic_transform_reaches_only_the_listing_variants() {
    let variants = classic_variants();
    assert_eq!(variants.len(), 18 * STORED_GRIDS.len());
    let mut reached = HashSet::new();
    for seed in 0..400 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let puzzle = transform::generate_with_rng(2, Variety::Classic, &mut rng).unwrap();
        let line = puzzle.solution().to_line().unwrap();
        assert!(variants.contains(&line), "{line}");
        reached.insert(line);
    }
    assert!(
        reached.len() > 100,
        "only {} variants reached",
        reached.len()
    );
}

#[test]
fn extended_transform_goes_beyond_them() {
    let variants = classic_variants();
    for seed in 0..30 {
        let puzzle = transform::generate(8, seed).unwrap();
        assert_valid(&puzzle);
        let line = puzzle.solution().to_line().unwrap();
        assert!(
            !variants.contains(&line),
            "seed {seed} gave a listing variant"
        );
    }
}

#[test]
fn transform_hides_eight_cells_a_level() {
    for level in 1..=8u8 {
        for seed in 0..5 {
            let puzzle = transform::generate(level, seed).unwrap();
            assert_valid(&puzzle);
            assert_eq!(puzzle.hidden_count(), 8 * usize::from(level));
            let count = reference::count_solutions(&puzzle.puzzle(), 2);
            assert_eq!(puzzle.uniqueness() == Uniqueness::Unique, count == 1);
        }
    }
    for level in [0, 9] {
        assert_eq!(
            transform::generate(level, 0).unwrap_err().to_string(),
            format!("difficulty level {level} is outside 1 to 8")
        );
    }
}

#[test]
fn the_service_api_reads_and_changes_visibility() {
    let mut puzzle = transform::generate(3, 12).unwrap();
    let solution = puzzle.solution().clone();
    assert_eq!(puzzle.visible_count(), 81 - 24);
    for index in 0..9 {
        let row_sum: usize = (0..9)
            .filter(|&col| puzzle.is_visible(index, col))
            .map(|col| usize::from(solution.get_at(index, col).unwrap()) + 1)
            .sum();
        assert_eq!(puzzle.row_visible_sum(index), row_sum);
        let column_sum: usize = (0..9)
            .filter(|&row| puzzle.is_visible(row, index))
            .map(|row| usize::from(solution.get_at(row, index).unwrap()) + 1)
            .sum();
        assert_eq!(puzzle.column_visible_sum(index), column_sum);
    }

    let order: Vec<_> = puzzle.cells_visible_first().collect();
    assert_eq!(order.len(), 81);
    assert!(order[..57].iter().all(|cell| cell.visible));
    assert!(order[57..].iter().all(|cell| !cell.visible));
    assert!(
        order[..57]
            .windows(2)
            .all(|w| (w[0].row, w[0].col) < (w[1].row, w[1].col))
    );
    assert_eq!(puzzle.read(0), Some(order[0]));
    assert_eq!(puzzle.read(57), Some(order[57]));
    assert_eq!(puzzle.read(81), None);
    assert_eq!(puzzle.read_visible(56), Some(order[56]));
    assert_eq!(puzzle.read_visible(57), None);
    assert_eq!(puzzle.read_hidden(0), Some(order[57]));
    assert_eq!(puzzle.read_hidden(24), None);
    let first_hidden = order[57];
    assert_eq!(
        puzzle.cell(first_hidden.row, first_hidden.col),
        first_hidden
    );
    assert_eq!(
        first_hidden.number(),
        usize::from(solution.get_at(first_hidden.row, first_hidden.col).unwrap()) + 1
    );

    assert!(puzzle.reveal(first_hidden.row, first_hidden.col));
    assert!(
        !puzzle.reveal(first_hidden.row, first_hidden.col),
        "already visible"
    );
    assert!(puzzle.is_visible(first_hidden.row, first_hidden.col));
    assert_eq!(puzzle.visible_count(), 58);
    assert!(puzzle.hide(0, 0) || !puzzle.is_visible(0, 0));
    assert!(!puzzle.hide(0, 0), "already hidden");
    assert_eq!(puzzle.puzzle().get_at(0, 0), None);
}

#[test]
fn uniqueness_follows_reveal_and_hide() {
    let mut puzzle = transform::generate(1, 3).unwrap();
    assert_eq!(
        puzzle.uniqueness(),
        Uniqueness::Unique,
        "8 holes in a full grid"
    );
    let hidden = puzzle.read_hidden(0).unwrap();
    puzzle.reveal(hidden.row, hidden.col);
    assert_eq!(
        puzzle.uniqueness(),
        Uniqueness::Unique,
        "revealing keeps it unique"
    );
    let visible = puzzle.read_visible(0).unwrap();
    puzzle.hide(visible.row, visible.col);
    assert_eq!(
        puzzle.uniqueness(),
        Uniqueness::Unknown,
        "hiding needs a recount"
    );
    puzzle.refresh_uniqueness();
    let count = reference::count_solutions(&puzzle.puzzle(), 2);
    assert_eq!(puzzle.uniqueness() == Uniqueness::Unique, count == 1);
}

#[test]
fn assembling_checks_its_parts() {
    let solution = Grid::parse(STORED_GRIDS[0]).unwrap();
    let error = GeneratedPuzzle::new(solution.clone(), vec![true; 80]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "80 visibility flags given for a grid of 81 cells"
    );
    let mut broken = solution.clone();
    broken.set(0, Some(0));
    let error = GeneratedPuzzle::new(broken, vec![true; 81]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the solution is not a valid complete grid: row 1 holds 1 twice: r1c1 and r1c5"
    );
    let everything = GeneratedPuzzle::new(solution, vec![true; 81]).unwrap();
    assert_eq!(everything.uniqueness(), Uniqueness::Unique);
    assert_eq!(everything.hidden_count(), 0);
}

#[test]
fn snapshot_srmagic_9x9() {
    insta::assert_snapshot!(
        "srmagic_9x9_seed_2024",
        render(&srmagic::generate(9, 2024).unwrap())
    );
}

#[test]
fn snapshot_srmagic_16x16() {
    insta::assert_snapshot!(
        "srmagic_16x16_seed_16",
        render(&srmagic::generate(16, 16).unwrap())
    );
}

#[test]
fn snapshot_transform_level_4() {
    insta::assert_snapshot!(
        "transform_level_4_seed_2024",
        render(&transform::generate(4, 2024).unwrap())
    );
}

#[test]
fn snapshot_transform_classic_level_8() {
    let mut rng = ChaCha8Rng::seed_from_u64(80);
    let puzzle = transform::generate_with_rng(8, Variety::Classic, &mut rng).unwrap();
    insta::assert_snapshot!("transform_classic_level_8_seed_80", render(&puzzle));
}
