//! Escaping for the two places data enters the page: HTML text and JSON inside a
//! `<script>` element.

/// Text safe anywhere in HTML text or a quoted attribute.
pub(crate) fn html_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            other => out.push(other),
        }
    }
    out
}

/// JSON that can sit inside `<script type="application/json">`: no `<`, `>` or `&`
/// (so no `</script>` or `<!--` can end or confuse the element), and no U+2028 or
/// U+2029 (line terminators for older JavaScript parsers). JSON has these characters
/// only inside strings, where the `\uXXXX` escapes mean the same thing.
pub(crate) fn script_json(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for character in json.chars() {
        match character {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_text_escapes_markup_and_quotes() {
        assert_eq!(
            html_text(r#"<b>"a" & 'b'</b>"#),
            "&lt;b&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/b&gt;"
        );
        assert_eq!(html_text("4×4 sudoku"), "4×4 sudoku");
    }

    #[test]
    fn script_json_means_the_same_json() {
        let value = serde_json::json!({ "text": "</script><!-- & \u{2028}\u{2029} >" });
        let escaped = script_json(&value.to_string());
        for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
            assert!(!escaped.contains(forbidden), "{escaped}");
        }
        let back: serde_json::Value = serde_json::from_str(&escaped).unwrap();
        assert_eq!(back, value);
    }
}
