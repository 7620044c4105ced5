//! scratch
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sieve_sudoku::generate::srmagic;
use sieve_sudoku::{Grid, Shape, reference};
fn main() {
    for size in [16usize, 25] {
        let p = srmagic::generate(size, 3).unwrap();
        println!("{}", p.puzzle().to_line().unwrap());
        println!("{}", p.solution().to_line().unwrap());
    }
    let t = std::time::Instant::now();
    for s in [2usize, 3, 4, 5] {
        let g = reference::solve(&Grid::empty(Shape::square(s).unwrap()));
        println!("{s} {:?}", g.map(|g| g.to_line().unwrap()));
    }
    let g = reference::solve(&Grid::empty(Shape::new(2, 3).unwrap())).unwrap();
    println!("{}", g.to_line().unwrap());
    println!("{:?}", t.elapsed());
    let _ = ChaCha8Rng::seed_from_u64(0);
}
