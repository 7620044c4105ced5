//! The graph a graph rule works on: vertices `0..n` and undirected edges between
//! them, with each vertex's incident edges at hand.
//!
//! ```
//! use sieve::rules::graph::Graph;
//!
//! // A 2×3 grid of cells: 2 horizontal edges in each row, 3 vertical ones.
//! let grid = Graph::grid(2, 3);
//! assert_eq!(grid.vertices(), 6);
//! assert_eq!(grid.edges().len(), 7);
//! assert!(Graph::new(3, vec![(0, 1), (1, 3)]).is_err()); // vertex 3 is missing
//! # Ok::<(), sieve::Error>(())
//! ```

use crate::error::Error;

/// An undirected graph without loop edges (parallel edges are allowed): the shape a
/// graph rule's variables sit on, one per vertex or one per edge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    edges: Vec<(usize, usize)>,
    /// Where each vertex's incident edges start in `incident` (one more than
    /// vertices): two allocations a graph rather than one a vertex, which
    /// were most of building a Hitori model's grid.
    starts: Vec<usize>,
    /// Every vertex's incident edges, vertex after vertex, each as
    /// `(neighbour, edge index)` in the order of the edges.
    incident: Vec<(usize, usize)>,
}

impl Graph {
    /// The graph on vertices `0..vertices` with `edges`, each a pair of vertex
    /// indices; an edge naming a missing vertex, or joining a vertex to itself, is
    /// refused.
    pub fn new(vertices: usize, edges: Vec<(usize, usize)>) -> Result<Graph, Error> {
        let invalid = |problem: String| Error::InvalidRule {
            rule: "graph".to_string(),
            problem,
        };
        // Each vertex's degree first, so that each vertex's edges are placed
        // at once in one list.
        let mut starts = vec![0usize; vertices + 1];
        for (index, &(a, b)) in edges.iter().enumerate() {
            if a >= vertices || b >= vertices {
                return Err(invalid(format!(
                    "edge {index} ({a}, {b}) names a vertex beyond the {vertices} vertices"
                )));
            }
            if a == b {
                return Err(invalid(format!("edge {index} joins vertex {a} to itself")));
            }
            starts[a + 1] += 1;
            starts[b + 1] += 1;
        }
        for vertex in 0..vertices {
            starts[vertex + 1] += starts[vertex];
        }
        let mut next = starts.clone();
        let mut incident = vec![(0, 0); 2 * edges.len()];
        for (index, &(a, b)) in edges.iter().enumerate() {
            incident[next[a]] = (b, index);
            next[a] += 1;
            incident[next[b]] = (a, index);
            next[b] += 1;
        }
        Ok(Graph {
            edges,
            starts,
            incident,
        })
    }

    /// The 4-neighbour grid of `rows × columns` vertices, numbered row by row
    /// (vertex `r * columns + c`); the horizontal edges come first, row by row, then
    /// the vertical ones.
    ///
    /// Each vertex's edges are written straight in edge order (left, right, up,
    /// down), with no counting pass and no checks: a grid's degrees are known,
    /// and the generic build was 6 % of solving a Hitori ID, which makes two.
    pub fn grid(rows: usize, columns: usize) -> Graph {
        let at = |row: usize, column: usize| row * columns + column;
        let across = columns.saturating_sub(1);
        let horizontal = rows * across;
        let mut edges = Vec::with_capacity(horizontal + rows.saturating_sub(1) * columns);
        for row in 0..rows {
            for column in 1..columns {
                edges.push((at(row, column - 1), at(row, column)));
            }
        }
        for row in 1..rows {
            for column in 0..columns {
                edges.push((at(row - 1, column), at(row, column)));
            }
        }
        let mut starts = Vec::with_capacity(rows * columns + 1);
        let mut incident = Vec::with_capacity(2 * edges.len());
        starts.push(0);
        for row in 0..rows {
            for column in 0..columns {
                let vertex = at(row, column);
                if column > 0 {
                    incident.push((vertex - 1, row * across + column - 1));
                }
                if column + 1 < columns {
                    incident.push((vertex + 1, row * across + column));
                }
                if row > 0 {
                    incident.push((vertex - columns, horizontal + (row - 1) * columns + column));
                }
                if row + 1 < rows {
                    incident.push((vertex + columns, horizontal + row * columns + column));
                }
                starts.push(incident.len());
            }
        }
        Graph {
            edges,
            starts,
            incident,
        }
    }

    /// How many vertices the graph has.
    pub fn vertices(&self) -> usize {
        self.starts.len() - 1
    }

    /// The edges, as pairs of vertices, in the order given.
    pub fn edges(&self) -> &[(usize, usize)] {
        &self.edges
    }

    /// The edges at `vertex`, as `(neighbour, edge index)`.
    pub fn incident(&self, vertex: usize) -> &[(usize, usize)] {
        &self.incident[self.starts[vertex]..self.starts[vertex + 1]]
    }

    /// The neighbours of `vertex` (one entry per edge).
    pub fn neighbours(&self, vertex: usize) -> impl Iterator<Item = usize> + '_ {
        self.incident(vertex)
            .iter()
            .map(|&(neighbour, _)| neighbour)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grid_joins_each_vertex_to_its_four_neighbours() {
        let grid = Graph::grid(3, 3);
        assert_eq!(grid.edges().len(), 12);
        let mut centre: Vec<usize> = grid.neighbours(4).collect();
        centre.sort_unstable();
        assert_eq!(centre, [1, 3, 5, 7]);
        assert_eq!(grid.incident(0).len(), 2);
        assert_eq!(Graph::grid(0, 5).vertices(), 0);
        assert_eq!(Graph::grid(1, 1).edges(), &[]);
    }

    #[test]
    fn a_grid_is_the_graph_of_its_edges() {
        for (rows, columns) in [(0, 0), (1, 1), (1, 4), (4, 1), (2, 3), (5, 4), (13, 9)] {
            let grid = Graph::grid(rows, columns);
            let built = Graph::new(rows * columns, grid.edges().to_vec()).expect("a graph");
            assert_eq!(grid, built, "{rows}×{columns}");
        }
    }

    #[test]
    fn missing_vertices_and_loop_edges_are_refused() {
        assert!(matches!(
            Graph::new(2, vec![(0, 2)]),
            Err(Error::InvalidRule { .. })
        ));
        assert!(matches!(
            Graph::new(2, vec![(1, 1)]),
            Err(Error::InvalidRule { .. })
        ));
        assert!(Graph::new(2, vec![(0, 1), (1, 0)]).is_ok());
    }
}
