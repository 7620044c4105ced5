//! Union-find over vertices, counting the edges each set holds: the fragments the
//! chosen edges of a loop, a path or a forest have formed so far.

/// Disjoint sets of vertices with the number of edges joined into each.
pub(crate) struct Fragments {
    parent: Vec<usize>,
    edges: Vec<usize>,
}

impl Fragments {
    /// Every vertex alone, without edges.
    pub(crate) fn new(vertices: usize) -> Self {
        Fragments {
            parent: (0..vertices).collect(),
            edges: vec![0; vertices],
        }
    }

    /// The representative of `vertex`'s set (with path halving).
    pub(crate) fn root(&mut self, mut vertex: usize) -> usize {
        while self.parent[vertex] != vertex {
            self.parent[vertex] = self.parent[self.parent[vertex]];
            vertex = self.parent[vertex];
        }
        vertex
    }

    /// Add the edge `a`–`b`; `true` when it closes a cycle (both ends were already
    /// in one set).
    pub(crate) fn join(&mut self, a: usize, b: usize) -> bool {
        let (a, b) = (self.root(a), self.root(b));
        self.join_roots(a, b)
    }

    /// Add an edge between the sets of roots `a` and `b` (as [`Fragments::root`]
    /// gave them), hanging `a`'s under `b`'s; `true` when they are one set.
    pub(crate) fn join_roots(&mut self, a: usize, b: usize) -> bool {
        if a == b {
            self.edges[a] += 1;
            return true;
        }
        self.parent[a] = b;
        self.edges[b] += self.edges[a] + 1;
        false
    }

    /// How many edges the set of `vertex` holds.
    pub(crate) fn edges_with(&mut self, vertex: usize) -> usize {
        let root = self.root(vertex);
        self.edges[root]
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
        assert_eq!(fragments.edges_with(0), 3);
        assert!(fragments.join(3, 0));
        assert_eq!(fragments.edges_with(2), 4);
        assert_eq!(fragments.edges_with(4), 0);
    }
}
