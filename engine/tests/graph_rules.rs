//! The graph rules count the same solutions under every schedule and restore as a
//! plain enumeration of edge or vertex subsets that shares no code with them.

use sieve::prelude::*;

/// Every subset of `0..count`, as bit masks.
fn subsets(count: usize) -> impl Iterator<Item = u32> {
    0..1u32 << count
}

/// The vertices a search reaches along the edges of `mask` from the first vertex
/// they touch, as a mask (0 for no edge).
fn reached(vertices: usize, edges: &[(usize, usize)], mask: u32) -> u32 {
    let used = touched(edges, mask);
    if used == 0 {
        return 0;
    }
    let start = used.trailing_zeros() as usize;
    reach_from(vertices, edges, start, &|e| mask >> e & 1 == 1)
}

/// The degree of each vertex under the edges of `mask`.
fn degrees(vertices: usize, edges: &[(usize, usize)], mask: u32) -> Vec<usize> {
    let mut degree = vec![0; vertices];
    for (e, &(a, b)) in edges.iter().enumerate() {
        if mask >> e & 1 == 1 {
            degree[a] += 1;
            degree[b] += 1;
        }
    }
    degree
}

/// The vertices touched by the edges of `mask`, as a mask.
fn touched(edges: &[(usize, usize)], mask: u32) -> u32 {
    let mut touched = 0;
    for (e, &(a, b)) in edges.iter().enumerate() {
        if mask >> e & 1 == 1 {
            touched |= 1 << a | 1 << b;
        }
    }
    touched
}

/// Edge subsets that form one cycle: every degree 0 or 2, touched vertices joined.
fn plain_loops(vertices: usize, edges: &[(usize, usize)]) -> u64 {
    let is_loop = |mask: u32| {
        let used = touched(edges, mask);
        mask != 0
            && degrees(vertices, edges, mask)
                .iter()
                .all(|&d| d == 0 || d == 2)
            && reached(vertices, edges, mask) == used
    };
    subsets(edges.len()).filter(|&mask| is_loop(mask)).count() as u64
}

/// Edge subsets without a cycle: adding the edges one by one never joins two
/// vertices already joined (checked by reachability over the earlier edges).
fn plain_forests(vertices: usize, edges: &[(usize, usize)]) -> u64 {
    let is_forest = |mask: u32| {
        (0..edges.len()).filter(|&e| mask >> e & 1 == 1).all(|e| {
            let earlier = |f: usize| f < e && mask >> f & 1 == 1;
            let (a, b) = edges[e];
            let from_a = reach_from(vertices, edges, a, &earlier);
            from_a >> b & 1 == 0
        })
    };
    subsets(edges.len()).filter(|&mask| is_forest(mask)).count() as u64
}

/// The vertices reached from `start` along the edges in `usable`, as a mask.
fn reach_from(
    vertices: usize,
    edges: &[(usize, usize)],
    start: usize,
    usable: &dyn Fn(usize) -> bool,
) -> u32 {
    let mut seen = 1u32 << start;
    for _ in 0..vertices {
        for (e, &(a, b)) in edges.iter().enumerate() {
            if usable(e) && (seen >> a & 1 == 1 || seen >> b & 1 == 1) {
                seen |= 1 << a | 1 << b;
            }
        }
    }
    seen
}

/// Vertex subsets of a graph that are connected (the empty one included), among
/// those that contain every vertex of `given`.
fn plain_connected(vertices: usize, edges: &[(usize, usize)], given: u32) -> u64 {
    let is_connected = |mask: u32| {
        let Some(start) = (0..vertices).find(|&v| mask >> v & 1 == 1) else {
            return true;
        };
        let inside = |e: usize| mask >> edges[e].0 & 1 == 1 && mask >> edges[e].1 & 1 == 1;
        reach_from(vertices, edges, start, &inside) & mask == mask
    };
    subsets(vertices)
        .filter(|&mask| mask & given == given && is_connected(mask))
        .count() as u64
}

/// Solutions of `model` under every schedule and restore; all must agree.
fn counted(model: &Model) -> u64 {
    let mut counts = Vec::new();
    for schedule in Schedule::ALL {
        for restore in Restore::ALL {
            let config = Config::default().schedule(schedule).restore(restore);
            let count = Search::new(model, config).expect("a model").count(None);
            counts.push((schedule, restore, count.solutions));
        }
    }
    let first = counts[0].2;
    assert!(counts.iter().all(|&(_, _, n)| n == first), "{counts:?}");
    first
}

/// A model of one boolean per edge of `graph` with the rule `make` builds.
fn on_edges<R: Rule + 'static>(graph: &Graph, make: impl FnOnce(Vec<VarId>) -> R) -> Model {
    let mut model = Model::new();
    let vars = model.new_vars(graph.edges().len(), 2);
    model.add_rule(make(vars)).expect("edges of the model");
    model
}

#[test]
fn single_loops_on_grids_match_the_plain_count() {
    for (rows, columns, known) in [(2, 2, 1), (3, 3, 13), (3, 4, 40)] {
        let graph = Graph::grid(rows, columns);
        let plain = plain_loops(graph.vertices(), graph.edges());
        assert_eq!(plain, known, "{rows}×{columns}");
        let model = on_edges(&graph, |vars| {
            SingleLoop::new("loop", graph.clone(), vars).expect("a loop")
        });
        assert_eq!(counted(&model), plain, "{rows}×{columns}");
    }
}

#[test]
fn single_paths_between_corners_match_the_plain_count() {
    let graph = Graph::grid(3, 3);
    let plain = subsets(graph.edges().len())
        .filter(|&mask| is_path(&graph, mask, (0, 8)))
        .count() as u64;
    assert_eq!(plain, 12);
    let model = on_edges(&graph, |vars| {
        SinglePath::new("path", graph.clone(), vars, (0, 8)).expect("a path")
    });
    assert_eq!(counted(&model), plain);
    // A path with a vertex it must pass and one it must avoid.
    let mut degrees = vec![None; 9];
    (degrees[4], degrees[2]) = (Some(2), Some(0));
    let graph = Graph::grid(3, 3);
    let model = on_edges(&graph, |vars| {
        SinglePath::new("path", graph.clone(), vars, (0, 8))
            .expect("a path")
            .with_degrees(degrees)
            .expect("degrees")
    });
    let through = |mask: u32| {
        let degree = degrees_of(&graph, mask);
        degree[4] == 2 && degree[2] == 0
    };
    let plain = subsets(graph.edges().len())
        .filter(|&mask| is_path(&graph, mask, (0, 8)) && through(mask))
        .count() as u64;
    assert_eq!(counted(&model), plain);
}

/// The degree of each vertex of `graph` under the edges of `mask`.
fn degrees_of(graph: &Graph, mask: u32) -> Vec<usize> {
    degrees(graph.vertices(), graph.edges(), mask)
}

/// Whether the edges of `mask` form one path between `ends`.
fn is_path(graph: &Graph, mask: u32, (a, b): (usize, usize)) -> bool {
    let (vertices, edges) = (graph.vertices(), graph.edges());
    let degree = degrees(vertices, edges, mask);
    degree[a] == 1
        && degree[b] == 1
        && (0..vertices).all(|v| v == a || v == b || degree[v] == 0 || degree[v] == 2)
        && reached(vertices, edges, mask) == touched(edges, mask)
}

#[test]
fn forests_of_small_graphs_match_the_plain_count() {
    let wheel = Graph::new(
        5,
        vec![
            (0, 1),
            (0, 2),
            (0, 3),
            (0, 4),
            (1, 2),
            (2, 3),
            (3, 4),
            (4, 1),
        ],
    )
    .expect("a wheel");
    for graph in [Graph::grid(3, 3), wheel, Graph::grid(2, 4)] {
        let plain = plain_forests(graph.vertices(), graph.edges());
        let model = on_edges(&graph, |vars| {
            Acyclic::new("forest", graph.clone(), vars).expect("a forest")
        });
        assert_eq!(counted(&model), plain);
    }
}

#[test]
fn connected_subsets_of_a_grid_match_the_plain_count() {
    let graph = Graph::grid(3, 3);
    let plain = plain_connected(graph.vertices(), graph.edges(), 0);
    assert_eq!(plain, 219, "218 connected sets and the empty one");
    for given in [0u32, 1 << 0 | 1 << 8, 1 << 1 | 1 << 3 | 1 << 5] {
        let mut model = Model::new();
        let cells = model.new_vars(9, 2);
        let rule = Connected::new("region", graph.clone(), cells.clone()).expect("a region");
        model.add_rule(rule).expect("cells of the model");
        for (vertex, &cell) in cells.iter().enumerate() {
            if given >> vertex & 1 == 1 {
                model.fix(cell, 1).expect("a value");
            }
        }
        assert_eq!(
            counted(&model),
            plain_connected(9, graph.edges(), given),
            "{given:b}"
        );
    }
}
