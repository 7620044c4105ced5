//! The maximal cliques of the regions' neighbour graph: groups of regions
//! that all touch each other, so all take different colours. On a map they
//! have at most four regions (the graph is planar).
//!
//! ```
//! use sieve_map::cliques::maximal_cliques;
//!
//! // A triangle 0–1–2 with a tail 2–3.
//! let neighbours = vec![vec![1, 2], vec![0, 2], vec![0, 1, 3], vec![2]];
//! assert_eq!(maximal_cliques(&neighbours), [vec![0, 1, 2], vec![2, 3]]);
//! ```

/// Every maximal clique of the graph whose vertex `v` has the sorted
/// neighbours `neighbours[v]`, each sorted, ordered by their smallest vertex
/// (Bron–Kerbosch with a pivot, started once from each vertex with only
/// the later neighbours to add, so each clique comes once). A vertex
/// without neighbours is a clique of one.
pub fn maximal_cliques(neighbours: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let mut cliques = Vec::new();
    for (vertex, around) in neighbours.iter().enumerate() {
        let (earlier, later): (Vec<usize>, Vec<usize>) =
            around.iter().partition(|&&other| other < vertex);
        extend(neighbours, &mut vec![vertex], later, earlier, &mut cliques);
    }
    cliques
}

/// Bron–Kerbosch: every maximal clique holding `clique`, drawn from
/// `candidates`, that holds none of `excluded`.
fn extend(
    neighbours: &[Vec<usize>],
    clique: &mut Vec<usize>,
    candidates: Vec<usize>,
    excluded: Vec<usize>,
    cliques: &mut Vec<Vec<usize>>,
) {
    if candidates.is_empty() {
        if excluded.is_empty() {
            let mut found = clique.clone();
            found.sort_unstable();
            cliques.push(found);
        }
        return;
    }
    let adjacent = |a: usize, b: usize| neighbours[a].binary_search(&b).is_ok();
    // The pivot with the most candidates around it leaves the fewest to try.
    let pivot = (candidates.iter().chain(&excluded))
        .copied()
        .max_by_key(|&pivot| candidates.iter().filter(|&&c| adjacent(pivot, c)).count())
        .expect("candidates is not empty");
    let tries: Vec<usize> = (candidates.iter())
        .copied()
        .filter(|&c| !adjacent(pivot, c))
        .collect();
    let (mut candidates, mut excluded) = (candidates, excluded);
    for vertex in tries {
        let within = |set: &[usize]| -> Vec<usize> {
            set.iter()
                .copied()
                .filter(|&other| adjacent(vertex, other))
                .collect()
        };
        clique.push(vertex);
        extend(
            neighbours,
            clique,
            within(&candidates),
            within(&excluded),
            cliques,
        );
        clique.pop();
        candidates.retain(|&other| other != vertex);
        excluded.push(vertex);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every maximal clique by brute force over subsets.
    fn brute_force(neighbours: &[Vec<usize>]) -> Vec<Vec<usize>> {
        let count = neighbours.len();
        let adjacent = |a: usize, b: usize| neighbours[a].contains(&b);
        let is_clique = |set: u32| {
            (0..count).all(|a| {
                (0..count)
                    .all(|b| a == b || set & (1 << a) == 0 || set & (1 << b) == 0 || adjacent(a, b))
            })
        };
        let mut cliques: Vec<Vec<usize>> = (1u32..1 << count)
            .filter(|&set| is_clique(set))
            .filter(|&set| (0..count).all(|v| set & (1 << v) != 0 || !is_clique(set | 1 << v)))
            .map(|set| (0..count).filter(|&v| set & (1 << v) != 0).collect())
            .collect();
        cliques.sort();
        cliques
    }

    #[test]
    fn agrees_with_brute_force_on_random_graphs() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..300 {
            let count = (next() % 9) as usize + 1;
            let mut neighbours = vec![Vec::new(); count];
            for a in 0..count {
                for b in a + 1..count {
                    if next() % 100 < 45 {
                        neighbours[a].push(b);
                        neighbours[b].push(a);
                    }
                }
            }
            for list in &mut neighbours {
                list.sort_unstable();
            }
            let mut found = maximal_cliques(&neighbours);
            found.sort();
            assert_eq!(found, brute_force(&neighbours), "{neighbours:?}");
        }
    }
}
