//! Union-find over vertices: the fragments the chosen edges of a forest have
//! formed so far. [`crate::rules::Acyclic`] uses it, and so may a puzzle's own
//! no-loop rule (Slant's, over one boolean a cell).
//!
//! ```
//! use sieve::rules::graph::Fragments;
//! let mut fragments = Fragments::new(4);
//! assert!(!fragments.join(0, 1));
//! assert!(!fragments.join(1, 2));
//! assert!(fragments.joined(0, 2));
//! assert!(fragments.join(2, 0), "the third side of a triangle closes it");
//! assert!(!fragments.joined(0, 3));
//! ```

/// Disjoint sets of vertices.
pub struct Fragments {
    parent: Vec<usize>,
}

impl Fragments {
    /// Every vertex alone, without edges.
    pub fn new(vertices: usize) -> Self {
        Fragments {
            parent: (0..vertices).collect(),
        }
    }

    /// The representative of `vertex`'s set (with path halving).
    pub fn root(&mut self, mut vertex: usize) -> usize {
        while self.parent[vertex] != vertex {
            self.parent[vertex] = self.parent[self.parent[vertex]];
            vertex = self.parent[vertex];
        }
        vertex
    }

    /// Add the edge `a`–`b`; `true` when it closes a cycle (both ends were already
    /// in one set).
    pub fn join(&mut self, a: usize, b: usize) -> bool {
        let (a, b) = (self.root(a), self.root(b));
        self.join_roots(a, b)
    }

    /// Whether `a` and `b` are in one set (an edge between them would close a
    /// cycle).
    pub fn joined(&mut self, a: usize, b: usize) -> bool {
        self.root(a) == self.root(b)
    }

    /// Add an edge between the sets of roots `a` and `b` (as [`Fragments::root`]
    /// gave them), hanging `a`'s under `b`'s; `true` when they are one set.
    fn join_roots(&mut self, a: usize, b: usize) -> bool {
        if a == b {
            return true;
        }
        self.parent[a] = b;
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fourth_side_of_a_square_closes_it() {
        let mut fragments = Fragments::new(5);
        assert!(!fragments.join(0, 1));
        assert!(!fragments.join(1, 2));
        assert!(!fragments.join(2, 3));
        assert_eq!(fragments.root(0), fragments.root(3));
        assert!(fragments.join(3, 0));
        assert_ne!(fragments.root(2), fragments.root(4));
    }
}
