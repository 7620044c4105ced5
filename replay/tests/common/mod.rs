//! Small puzzles recorded with the engine, an independent replay of their traces in
//! Rust, and a few helpers to read HTML.
#![allow(dead_code)]

use std::collections::HashMap;

use sieve::JsonTrace;
use sieve::prelude::*;
use sieve::{Names, TraceDocument, TraceEvent};
use sieve_replay::{Board, BorderClues, Cage, ClueShape, Ink, Point, View};

/// A recorded run: the trace, the view that draws it and the solution found.
pub struct Recorded {
    pub trace: TraceDocument,
    pub view: View,
    pub solution: Vec<Value>,
}

fn record(model: &Model, start: Domains, config: Config, view: View) -> Recorded {
    let mut trace = JsonTrace::new(model, &start);
    let mut search = Search::from_state(model, start, config)
        .expect("a well-formed start state")
        .observe(&mut trace);
    let solution = search.next_solution().expect("the puzzle has a solution");
    drop(search);
    Recorded {
        trace: trace.document().clone(),
        view,
        solution: solution.values,
    }
}

fn labels(n: usize) -> Vec<String> {
    (1..=n).map(|value| value.to_string()).collect()
}

fn name_cells(model: &mut Model, cells: &[VarId], n: usize) {
    for (index, &cell) in cells.iter().enumerate() {
        model.set_name(cell, format!("r{}c{}", index / n + 1, index % n + 1));
    }
}

/// A 4×4 sudoku (2×2 boxes) with all-different and hidden-single rules per unit.
/// `givens` is 16 characters, `1`–`4` or `.`, row by row.
pub fn sudoku4(givens: &str) -> Recorded {
    let mut model = Model::new();
    let cells = model.new_vars(16, 4);
    name_cells(&mut model, &cells, 4);
    model.set_value_labels(labels(4));
    let mut units: Vec<(String, Vec<VarId>)> = Vec::new();
    for i in 0..4 {
        units.push((
            format!("row {}", i + 1),
            (0..4).map(|j| cells[i * 4 + j]).collect(),
        ));
        units.push((
            format!("column {}", i + 1),
            (0..4).map(|j| cells[j * 4 + i]).collect(),
        ));
        let (top, left) = (i / 2 * 2, i % 2 * 2);
        let members = [(0, 0), (0, 1), (1, 0), (1, 1)];
        units.push((
            format!("box {}", i + 1),
            members
                .iter()
                .map(|(r, c)| cells[(top + r) * 4 + left + c])
                .collect(),
        ));
    }
    for (name, vars) in units {
        model
            .add_rule(AllDifferent::new(
                format!("{name} all different"),
                vars.clone(),
            ))
            .unwrap();
        model
            .add_rule(EachValueSomewhere::new(
                format!("{name} hidden single"),
                vars,
                (0..4).collect(),
            ))
            .unwrap();
    }
    let mut start = model.domains();
    for (index, given) in givens.chars().enumerate() {
        if let Some(digit) = given.to_digit(10) {
            start.assign(cells[index], digit as Value - 1).unwrap();
        }
    }
    let view = View::row_major_grid(4, 4, 2, 2);
    record(&model, start, Config::default(), view)
}

/// The 4×4 sudoku of [`sudoku4`] drawn as a board in layers: the cells, walls
/// between the boxes, the first row as a cage of sum 10 (true of every row), and
/// the column numbers above the grid.
pub fn sudoku4_board(givens: &str) -> Recorded {
    let mut recorded = sudoku4(givens);
    let mut board = Board::new(4, 4);
    for cell in 0..16 {
        board.cell(cell / 4, cell % 4, cell, Ink::Label);
    }
    board.regions = (0..16).map(|cell| cell / 8 * 2 + cell % 4 / 2).collect();
    board.cages.push(Cage {
        cells: (0..4).map(|col| (0, col)).collect(),
        label: Some("10".to_string()),
    });
    for col in 0..4 {
        let at = Point {
            y: -1,
            x: 2 * col + 1,
        };
        board.clue(at, format!("c{}", col + 1), ClueShape::Plain);
    }
    // Both diagonals, as a Solo X board draws them.
    board
        .guides
        .push((Point::corner(0, 0), Point::corner(4, 4)));
    board
        .guides
        .push((Point::corner(0, 4), Point::corner(4, 0)));
    recorded.view = View::Board(board);
    recorded
}

/// A 16×16 grid of cells with the values 1 to 16 (the values themselves, from
/// 1, as a magic square's), each row all different: open cells show sixteen
/// pencil marks, seven of them two digits long.
pub fn grid16(board: bool) -> Recorded {
    let mut model = Model::new();
    let cells = model.new_vars_in(256, 1..=16).unwrap();
    name_cells(&mut model, &cells, 16);
    model.set_value_labels((0..=16).map(|value| value.to_string()).collect());
    for row in 0..16 {
        let vars = cells[row * 16..row * 16 + 16].to_vec();
        let name = format!("row {} all different", row + 1);
        model.add_rule(AllDifferent::new(name, vars)).unwrap();
    }
    let view = if board {
        let mut layers = Board::new(16, 16);
        for cell in 0..256 {
            layers.cell(cell / 16, cell % 16, cell, Ink::Label);
        }
        View::Board(layers)
    } else {
        View::row_major_grid(16, 16, 4, 4)
    };
    let start = model.domains();
    record(&model, start, Config::default(), view)
}

/// Two queens `distance` columns apart do not attack each other.
pub struct NotAttacking {
    pub name: String,
    pub a: VarId,
    pub b: VarId,
    pub distance: Value,
}

impl NotAttacking {
    fn clear(&self, ctx: &mut Context<'_>, from: VarId, to: VarId) -> Result<(), Conflict> {
        let Some(row) = ctx.domains().value(from) else {
            return Ok(());
        };
        let cause = [from];
        let text = |names: &Names| {
            format!(
                "the queen of {} stands on row {}, {} columns away",
                names.var_name(from),
                names.value_label(row),
                self.distance
            )
        };
        let why = Why::new("queen attack").cause(&cause).named_text(&text);
        ctx.remove(to, row, &why)?;
        ctx.remove(to, row + self.distance, &why)?;
        ctx.remove(to, row - self.distance, &why)?;
        Ok(())
    }
}

impl Rule for NotAttacking {
    fn name(&self) -> &str {
        &self.name
    }
    fn watches(&self) -> Vec<Watch> {
        vec![
            Watch::new(self.a, Events::ASSIGNED),
            Watch::new(self.b, Events::ASSIGNED),
        ]
    }
    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        self.clear(ctx, self.a, self.b)?;
        self.clear(ctx, self.b, self.a)
    }
    fn holds(&self, values: &[Value]) -> bool {
        let (x, y) = (values[self.a.index()], values[self.b.index()]);
        x != y && (x - y).abs() != self.distance
    }
}

/// `n` queens, one variable per column (its value is the row), searched column by
/// column so the trace has conflicts and backtracks.
pub fn queens(n: usize) -> Recorded {
    let mut model = Model::new();
    let columns = model.new_vars(n, n as u32);
    for (index, &column) in columns.iter().enumerate() {
        model.set_name(column, format!("column {}", index + 1));
    }
    model.set_value_labels(labels(n));
    for i in 0..n {
        for j in i + 1..n {
            model
                .add_rule(NotAttacking {
                    name: format!("columns {} and {} not attacking", i + 1, j + 1),
                    a: columns[i],
                    b: columns[j],
                    distance: (j - i) as Value,
                })
                .unwrap();
        }
    }
    let start = model.domains();
    let config = Config::default().var_order(VarOrder::First);
    record(&model, start, config, View::chessboard(n))
}

/// How many buildings of `heights` are seen from the first one.
pub fn seen(heights: &[Value]) -> Value {
    let mut tallest = None;
    let mut count = 0;
    for &height in heights {
        if tallest.is_none_or(|tallest| height > tallest) {
            tallest = Some(height);
            count += 1;
        }
    }
    count
}

/// A skyscraper clue: `clue` buildings are seen along `line` (nearest first).
pub struct Skyline {
    pub name: String,
    pub side: &'static str,
    pub line: Vec<VarId>,
    pub clue: Value,
}

impl Rule for Skyline {
    fn name(&self) -> &str {
        &self.name
    }
    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.line, Events::ASSIGNED)
    }
    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let n = self.line.len() as Value;
        let nearest = self.line[0];
        let text = || {
            format!(
                "{} seen from the {}: the nearest building is < {} tall",
                self.clue,
                self.side,
                n - self.clue + 2
            )
        };
        ctx.remove_above(nearest, n - self.clue, &Why::new("clue bound").text(&text))?;
        if self.clue == 1 {
            let tallest = || format!("1 seen from the {}: the nearest is the tallest", self.side);
            ctx.assign(nearest, n - 1, &Why::new("tallest first").text(&tallest))?;
        }
        let heights: Option<Vec<Value>> = self
            .line
            .iter()
            .map(|&var| ctx.domains().value(var))
            .collect();
        match heights {
            Some(heights) if seen(&heights) != self.clue => {
                Err(ctx.conflict(&Why::new("buildings seen")))
            }
            _ => Ok(()),
        }
    }
    fn holds(&self, values: &[Value]) -> bool {
        let heights: Vec<Value> = self.line.iter().map(|var| values[var.index()]).collect();
        seen(&heights) == self.clue
    }
}

/// The clues of a solved grid seen from `side`, one per line, and the lines.
fn lines_from(side: &'static str, n: usize) -> Vec<Vec<usize>> {
    (0..n)
        .map(|k| {
            (0..n)
                .map(|step| match side {
                    "top" => step * n + k,
                    "bottom" => (n - 1 - step) * n + k,
                    "left" => k * n + step,
                    _ => k * n + (n - 1 - step),
                })
                .collect()
        })
        .collect()
}

/// A 4×4 skyscraper puzzle: a Latin square with the clues of `solution` (row by
/// row), leaving out the clues whose (side, index) is in `hidden`.
pub fn skyscrapers(solution: &[Value; 16], hidden: &[(&str, usize)]) -> Recorded {
    let n = 4;
    let mut model = Model::new();
    let cells = model.new_vars(n * n, n as u32);
    name_cells(&mut model, &cells, n);
    model.set_value_labels(labels(n));
    for i in 0..n {
        let row: Vec<VarId> = (0..n).map(|j| cells[i * n + j]).collect();
        let column: Vec<VarId> = (0..n).map(|j| cells[j * n + i]).collect();
        model
            .add_rule(AllDifferent::new(format!("row {} latin", i + 1), row))
            .unwrap();
        model
            .add_rule(AllDifferent::new(format!("column {} latin", i + 1), column))
            .unwrap();
    }
    let mut clues: HashMap<&str, Vec<Option<String>>> = HashMap::new();
    for side in ["top", "bottom", "left", "right"] {
        for (index, line) in lines_from(side, n).into_iter().enumerate() {
            let heights: Vec<Value> = line.iter().map(|&cell| solution[cell]).collect();
            let clue = seen(&heights);
            let shown = !hidden.contains(&(side, index));
            clues
                .entry(side)
                .or_default()
                .push(shown.then(|| clue.to_string()));
            if shown {
                model
                    .add_rule(Skyline {
                        name: format!("{side} clue {} ({clue} seen)", index + 1),
                        side,
                        line: line.iter().map(|&cell| cells[cell]).collect(),
                        clue,
                    })
                    .unwrap();
            }
        }
    }
    let border = BorderClues {
        top: clues.remove("top").unwrap(),
        bottom: clues.remove("bottom").unwrap(),
        left: clues.remove("left").unwrap(),
        right: clues.remove("right").unwrap(),
    };
    let view = View::row_major_grid(n, n, n, n).with_clues(border);
    let start = model.domains();
    record(&model, start, Config::default(), view)
}

/// Four offsets over `-3..=3`, all different, balancing to 0, the first below the
/// second: a model whose values are negative too, drawn as a list.
pub fn balance() -> Recorded {
    let mut model = Model::new();
    let offsets = model.new_vars_in(4, -3..=3).unwrap();
    for (index, &offset) in offsets.iter().enumerate() {
        model.set_name(offset, format!("d{}", index + 1));
    }
    model
        .add_rule(AllDifferent::new("apart", offsets.clone()))
        .unwrap();
    model
        .add_rule(LinearSum::sum_equals("balanced", &offsets, 0))
        .unwrap();
    let order = Compare::new("d1 < d2", offsets[0], Comparison::LessThan, offsets[1]);
    model.add_rule(order).unwrap();
    model.fix(offsets[2], -3).unwrap();
    let start = model.domains();
    record(&model, start, Config::default(), View::List)
}

/// The skyscraper solution the tests use, heights 0..4 row by row.
pub const SKYLINE: [Value; 16] = [1, 0, 3, 2, 2, 3, 0, 1, 3, 1, 2, 0, 0, 2, 1, 3];

/// The candidates of every variable after event `step` (`None`: the start), replayed
/// here in Rust from the format's rules: one state per depth; a `branch` to `x = v`
/// at depth `d` copies the state at depth `d - 1`; every other event with a depth
/// (changes, the `x ≠ v` branch, conflicts, backtracks, solutions) acts on the state
/// at its depth, dropping deeper ones.
pub fn state_after(trace: &TraceDocument, step: Option<usize>) -> Vec<Vec<Value>> {
    let mut states = vec![trace.start.clone()];
    let applied = step.map_or(0, |step| step + 1);
    for event in &trace.events[..applied] {
        replay_event(&mut states, event);
    }
    states.pop().expect("the start state is never dropped")
}

fn replay_event(states: &mut Vec<Vec<Vec<Value>>>, event: &TraceEvent) {
    let at_depth = |states: &mut Vec<Vec<Vec<Value>>>, depth: usize| {
        states.truncate(depth + 1);
        while states.len() < depth + 1 {
            let top = states.last().unwrap().clone();
            states.push(top);
        }
    };
    match event.kind {
        "wake" | "run" => {}
        "branch" if event.equal == Some(true) => {
            at_depth(states, event.depth - 1);
            let top = states.last().unwrap().clone();
            states.push(top);
        }
        "change" => {
            at_depth(states, event.depth);
            let var = event.var.unwrap();
            states.last_mut().unwrap()[var].retain(|value| !event.removed.contains(value));
        }
        _ => at_depth(states, event.depth),
    }
}

/// The name on the page of the rule or actor behind a change event.
pub fn actor(trace: &TraceDocument, event: &TraceEvent) -> String {
    match event.rule {
        Some(rule) => trace.rules[rule].clone(),
        None => "search decision".to_string(),
    }
}

/// The page's sentence for a change: the rule's text, or its inference label.
pub fn sentence(event: &TraceEvent) -> String {
    event
        .text
        .clone()
        .unwrap_or_else(|| event.inference.unwrap_or_default().to_string())
}

/// The text between `<script type="application/json" id="{id}">` and `</script>`.
pub fn script_data<'a>(page: &'a str, id: &str) -> &'a str {
    let open = format!("<script type=\"application/json\" id=\"{id}\">");
    let start = page.find(&open).expect("the data element") + open.len();
    let end = start + page[start..].find("</script>").expect("its end");
    &page[start..end]
}

/// One element of a serialised DOM: its tag, attributes and inner HTML.
#[derive(Debug)]
pub struct Element {
    pub tag: String,
    pub attributes: HashMap<String, String>,
    pub inner: String,
}

impl Element {
    pub fn attribute(&self, name: &str) -> &str {
        self.attributes.get(name).map_or("", String::as_str)
    }

    pub fn classes(&self) -> Vec<&str> {
        self.attribute("class").split_whitespace().collect()
    }

    pub fn has_class(&self, class: &str) -> bool {
        self.classes().contains(&class)
    }

    /// The text inside, tags removed and the serialiser's entities undone.
    pub fn text(&self) -> String {
        text_of(&self.inner)
    }
}

/// Tags and entities removed.
pub fn text_of(html: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    for character in html.chars() {
        match character {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            other if !in_tag => text.push(other),
            _ => {}
        }
    }
    unescape(&text)
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&")
}

/// Every element of `html` whose start tag satisfies `wanted`, in document order.
pub fn find_elements(
    html: &str,
    wanted: impl Fn(&str, &HashMap<String, String>) -> bool,
) -> Vec<Element> {
    let mut found = Vec::new();
    let mut position = 0;
    while let Some(offset) = html[position..].find('<') {
        let start = position + offset;
        position = start + 1;
        let Some((tag, attributes, end)) = start_tag(html, start) else {
            continue;
        };
        if wanted(&tag, &attributes) {
            let inner = inner_html(html, &tag, end);
            found.push(Element {
                tag,
                attributes,
                inner,
            });
        }
    }
    found
}

/// The one element with this id.
pub fn by_id(html: &str, id: &str) -> Element {
    let mut found = find_elements(html, |_, attributes| {
        attributes.get("id").is_some_and(|value| value == id)
    });
    assert_eq!(found.len(), 1, "one element with id {id}");
    found.remove(0)
}

/// Parse the start tag at `start`: its name, attributes and the index after `>`.
fn start_tag(html: &str, start: usize) -> Option<(String, HashMap<String, String>, usize)> {
    let rest = &html[start + 1..];
    let name_len = rest
        .find(|c: char| !c.is_ascii_alphanumeric())
        .unwrap_or(rest.len());
    if name_len == 0 || !rest.as_bytes()[0].is_ascii_alphabetic() {
        return None;
    }
    let tag = rest[..name_len].to_ascii_lowercase();
    let mut attributes = HashMap::new();
    let mut cursor = &rest[name_len..];
    loop {
        cursor = cursor.trim_start();
        if let Some(after) = cursor.strip_prefix('>') {
            return Some((tag, attributes, html.len() - after.len()));
        }
        let name_end = cursor.find(['=', ' ', '>', '/'])?;
        let name = cursor[..name_end].to_string();
        cursor = &cursor[name_end..];
        if let Some(after) = cursor.strip_prefix("=\"") {
            let close = after.find('"')?;
            attributes.insert(name, unescape(&after[..close]));
            cursor = &after[close + 1..];
        } else {
            cursor = cursor.strip_prefix('/').unwrap_or(cursor);
            if !name.is_empty() {
                attributes.insert(name, String::new());
            }
        }
    }
}

/// The inner HTML of an element of `tag` whose start tag ends at `from`, counting
/// nested elements of the same tag.
fn inner_html(html: &str, tag: &str, from: usize) -> String {
    const VOID: [&str; 6] = ["input", "meta", "br", "img", "link", "hr"];
    if VOID.contains(&tag) {
        return String::new();
    }
    let open = format!("<{tag}");
    let close = format!("</{tag}>");
    let mut depth = 1;
    let mut position = from;
    loop {
        let next_open = find_open(html, &open, position);
        let Some(next_close) = html[position..].find(&close).map(|at| position + at) else {
            return html[from..].to_string();
        };
        match next_open {
            Some(at) if at < next_close => {
                depth += 1;
                position = at + open.len();
            }
            _ => {
                depth -= 1;
                if depth == 0 {
                    return html[from..next_close].to_string();
                }
                position = next_close + close.len();
            }
        }
    }
}

/// The next `<tag` at or after `from` that starts an element of exactly that tag.
fn find_open(html: &str, open: &str, from: usize) -> Option<usize> {
    let mut position = from;
    while let Some(at) = html[position..].find(open).map(|at| position + at) {
        let after = html[at + open.len()..].chars().next();
        if matches!(after, Some(' ' | '>' | '/')) {
            return Some(at);
        }
        position = at + open.len();
    }
    None
}

/// The numbers of packed codes: base64url digits of five bits, lowest first,
/// the sixth bit set while more follow, then the sign zig-zagged.
pub fn read_numbers(text: &str) -> Vec<i64> {
    let digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut numbers = Vec::new();
    let (mut number, mut shift) = (0u64, 0);
    for character in text.chars() {
        let digit = digits.find(character).expect("a digit of the packed codes") as u64;
        number |= (digit & 31) << shift;
        if digit & 32 == 0 {
            let value = (number >> 1) as i64;
            numbers.push(if number & 1 == 0 { value } else { -value - 1 });
            (number, shift) = (0, 0);
        } else {
            shift += 5;
        }
    }
    numbers
}

/// A reader over the packed codes.
struct Codes {
    codes: Vec<i64>,
    at: usize,
}

impl Codes {
    fn next(&mut self) -> i64 {
        self.at += 1;
        self.codes[self.at - 1]
    }
    fn list(&mut self) -> Vec<i64> {
        let count = self.next();
        (0..count).map(|_| self.next()).collect()
    }
}

/// The page's packed trace read back into the JSON trace it stands for (the shape
/// `serde_json::to_value(&TraceDocument)` has), following the layout documented in
/// docs/trace-format.md: written here apart from the packer, so the two check each
/// other.
pub fn unpack(packed: &str) -> serde_json::Value {
    use serde_json::{Map, Value as Json, json};
    let packed: Json = serde_json::from_str(packed).expect("the packed trace is JSON");
    assert_eq!(packed["format"], "sieve-replay");
    assert_eq!(packed["version"], 1);
    let mut codes = Codes {
        codes: read_numbers(packed["codes"].as_str().unwrap()),
        at: 0,
    };
    let strings = packed["strings"].as_array().unwrap();
    let variables = packed["variables"].as_array().unwrap().len();
    let kinds = [
        "wake",
        "run",
        "change",
        "branch",
        "conflict",
        "backtrack",
        "solution",
    ];
    let relations = ["is", "is_not", "at_least", "at_most"];
    let mut events = Vec::new();
    for step in 0..packed["events"].as_u64().unwrap() {
        let kind = kinds[codes.next() as usize];
        let mut event = Map::new();
        event.insert("step".into(), json!(step));
        event.insert("kind".into(), json!(kind));
        event.insert("depth".into(), json!(codes.next()));
        let mut put = |field: &str, value: Json| {
            event.insert(field.into(), value);
        };
        match kind {
            "wake" | "run" => put("rule", json!(codes.next())),
            "change" => {
                let rule = codes.next();
                if rule > 0 {
                    put("rule", json!(rule - 1));
                }
                put("var", json!(codes.next()));
                put("inference", strings[codes.next() as usize].clone());
                let text = codes.next();
                let removed = codes.list();
                let cause = codes.list();
                let facts: Vec<Json> = (0..codes.next())
                    .map(|_| {
                        let (var, relation) = (codes.next(), codes.next());
                        let value = codes.next();
                        json!({"var": var, "relation": relations[relation as usize], "value": value})
                    })
                    .collect();
                if !removed.is_empty() {
                    put("removed", json!(removed));
                }
                if !cause.is_empty() {
                    put("cause", json!(cause));
                }
                if !facts.is_empty() {
                    put("facts", json!(facts));
                }
                if text > 0 {
                    put("text", strings[text as usize - 1].clone());
                }
            }
            "branch" => {
                put("var", json!(codes.next()));
                put("value", json!(codes.next()));
                put("equal", json!(codes.next() == 1));
            }
            "conflict" => {
                let (rule, var) = (codes.next(), codes.next());
                if rule > 0 {
                    put("rule", json!(rule - 1));
                }
                if var > 0 {
                    put("var", json!(var - 1));
                }
                put("inference", strings[codes.next() as usize].clone());
            }
            "solution" => {
                let values: Vec<i64> = (0..variables).map(|_| codes.next()).collect();
                put("values", json!(values));
            }
            _ => {}
        }
        events.push(Json::Object(event));
    }
    assert_eq!(codes.at, codes.codes.len(), "every code is read");
    let mut document = Map::new();
    document.insert("format".into(), json!("sieve-trace"));
    document.insert("version".into(), json!(2));
    for field in ["variables", "sizes", "firsts", "rules", "labels", "start"] {
        document.insert(field.into(), packed[field].clone());
    }
    // Each rule's scope: its count, then its variables as gaps from the one before.
    let mut scope_codes = Codes {
        codes: read_numbers(packed["scopes"].as_str().unwrap()),
        at: 0,
    };
    let mut scopes = Vec::new();
    while scope_codes.at < scope_codes.codes.len() {
        let mut var = 0;
        let scope: Vec<i64> = (scope_codes.list().iter())
            .map(|gap| {
                var += gap;
                var
            })
            .collect();
        scopes.push(json!(scope));
    }
    document.insert("scopes".into(), Json::Array(scopes));
    document.insert("events".into(), Json::Array(events));
    Json::Object(document)
}
