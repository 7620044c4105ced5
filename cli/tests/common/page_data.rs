//! Reading a replay page's data back (docs/trace-format.md, "Hints"), written
//! here again from the documentation, so the tests check the format as well as
//! the page's own reader.

use serde_json::Value;

/// The JSON text of the `<script type="application/json" id="ID">` element.
pub fn script_data<'a>(page: &'a str, id: &str) -> &'a str {
    let open = format!("<script type=\"application/json\" id=\"{id}\">");
    let start = page.find(&open).unwrap_or_else(|| panic!("no {id}")) + open.len();
    let end = start + page[start..].find("</script>").expect("its end");
    &page[start..end]
}

/// The trace's variable names.
pub fn variables(page: &str) -> Vec<String> {
    let trace: Value = serde_json::from_str(script_data(page, "trace-data")).unwrap();
    (trace["variables"].as_array().unwrap().iter())
        .map(|name| name.as_str().unwrap().to_string())
        .collect()
}

/// The packed numbers: five bits a character of base64url, lowest first, the
/// sixth set while more follow; then the sign, zig-zagged.
pub fn read_numbers(text: &str) -> Vec<i64> {
    let digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut numbers = Vec::new();
    let (mut number, mut shift) = (0_i64, 0);
    for character in text.chars() {
        let digit = digits.find(character).expect("a base64url digit") as i64;
        number += (digit & 31) << shift;
        if digit & 32 != 0 {
            shift += 5;
        } else {
            numbers.push(if number % 2 == 0 {
                number / 2
            } else {
                -(number + 1) / 2
            });
            (number, shift) = (0, 0);
        }
    }
    numbers
}

/// One hint as the page holds it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PageHint {
    /// `step`, `stuck`, `solved` or `contradiction`.
    pub kind: String,
    pub tier: String,
    pub rule: String,
    pub inference: String,
    pub because: String,
    pub effect: String,
    pub text: String,
    pub changed: Vec<usize>,
    pub uses: Vec<usize>,
    pub scope: Vec<usize>,
    /// The message of a hint that is not a step.
    pub message: String,
}

/// The hints of a page, and per place (0 the start, `s + 1` step `s`) the index
/// of its hint.
pub struct PageHints {
    pub hints: Vec<PageHint>,
    pub by_place: Vec<Option<usize>>,
    pub about: String,
    pub missing: String,
}

impl PageHints {
    /// The hint of the state after `step` (`None`: the start).
    pub fn at(&self, step: Option<usize>) -> Option<&PageHint> {
        let place = step.map_or(0, |step| step + 1);
        self.by_place[place].map(|index| &self.hints[index])
    }
}

/// Numbers read one after the other.
struct Cursor {
    numbers: Vec<i64>,
    at: usize,
}

impl Cursor {
    fn next(&mut self) -> i64 {
        self.at += 1;
        self.numbers[self.at - 1]
    }

    fn more(&self) -> bool {
        self.at < self.numbers.len()
    }

    /// A list as a count, then the first and each next one's distance from the one
    /// before.
    fn gaps(&mut self) -> Vec<usize> {
        let count = self.next();
        let mut var = 0;
        (0..count)
            .map(|_| {
                var += self.next();
                var as usize
            })
            .collect()
    }

    fn string(&mut self, strings: &[String]) -> String {
        strings[self.next() as usize].clone()
    }

    /// Parts of a text, joined with `; `.
    fn parts(&mut self, strings: &[String]) -> String {
        let count = self.next();
        let parts: Vec<String> = (0..count).map(|_| self.string(strings)).collect();
        parts.join("; ")
    }
}

/// The hints of a page of `events` events.
pub fn page_hints(page: &str, events: usize) -> PageHints {
    let data: Value = serde_json::from_str(script_data(page, "hints-data")).unwrap();
    let strings: Vec<String> = (data["strings"].as_array().unwrap().iter())
        .map(|text| text.as_str().unwrap().to_string())
        .collect();
    let mut scope_numbers = Cursor {
        numbers: read_numbers(data["scopes"].as_str().unwrap()),
        at: 0,
    };
    let mut scopes = Vec::new();
    while scope_numbers.more() {
        scopes.push(scope_numbers.gaps());
    }
    let mut codes = Cursor {
        numbers: read_numbers(data["hints"].as_str().unwrap()),
        at: 0,
    };
    let mut hints = Vec::new();
    for _ in 0..data["count"].as_u64().unwrap() {
        let kind = ["step", "stuck", "solved", "contradiction"][codes.next() as usize].to_string();
        if kind != "step" {
            let message = codes.string(&strings);
            hints.push(PageHint {
                kind,
                message,
                ..PageHint::default()
            });
            continue;
        }
        hints.push(PageHint {
            kind,
            tier: codes.string(&strings),
            rule: codes.string(&strings),
            inference: codes.string(&strings),
            because: codes.string(&strings),
            effect: codes.parts(&strings),
            text: codes.parts(&strings),
            changed: codes.gaps(),
            uses: codes.gaps(),
            scope: scopes[codes.next() as usize].clone(),
            message: String::new(),
        });
    }
    let runs = read_numbers(data["runs"].as_str().unwrap());
    let mut by_place = vec![None; events + 1];
    let mut place = 0;
    for pair in runs.chunks(2) {
        place += pair[0] as usize;
        let hint = (pair[1] > 0).then(|| pair[1] as usize - 1);
        by_place[place..].iter_mut().for_each(|slot| *slot = hint);
    }
    PageHints {
        hints,
        by_place,
        about: data["about"].as_str().unwrap().to_string(),
        missing: data["missing"].as_str().unwrap().to_string(),
    }
}

/// How many events the page's trace has.
pub fn events(page: &str) -> usize {
    let trace: Value = serde_json::from_str(script_data(page, "trace-data")).unwrap();
    trace["events"].as_u64().unwrap() as usize
}
