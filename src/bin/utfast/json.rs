//! Minimal JSON output for `utfast validate --json`: a one-line object writer with
//! string escaping (RFC 8259), so that the binary needs no serialisation crate.

use std::fmt::Write as _;

/// A JSON object written field by field into a string: `{"key":value,...}`.
pub struct Object {
    text: String,
}

impl Object {
    /// An empty object.
    pub fn new() -> Object {
        Object {
            text: String::from("{"),
        }
    }

    /// Adds `"key":"value"`, escaping `value`.
    pub fn string(&mut self, key: &str, value: &str) -> &mut Object {
        self.key(key);
        push_string(&mut self.text, value);
        self
    }

    /// Adds `"key":value` for an unsigned integer.
    pub fn number(&mut self, key: &str, value: u64) -> &mut Object {
        self.key(key);
        // Writing to a String cannot fail.
        let _ = write!(self.text, "{value}");
        self
    }

    /// Adds `"key":value` for a finite number, with `places` decimal places.
    pub fn fixed(&mut self, key: &str, value: f32, places: usize) -> &mut Object {
        self.key(key);
        let _ = write!(self.text, "{value:.places$}");
        self
    }

    /// Adds `"key":value`, or `"key":null` for `None`.
    pub fn number_or_null(&mut self, key: &str, value: Option<u64>) -> &mut Object {
        match value {
            Some(value) => self.number(key, value),
            None => self.null(key),
        }
    }

    /// Adds `"key":true` or `"key":false`.
    pub fn boolean(&mut self, key: &str, value: bool) -> &mut Object {
        self.key(key);
        self.text.push_str(if value { "true" } else { "false" });
        self
    }

    /// Adds `"key":null`.
    pub fn null(&mut self, key: &str) -> &mut Object {
        self.key(key);
        self.text.push_str("null");
        self
    }

    /// The finished object, on one line.
    pub fn finish(&mut self) -> String {
        let mut text = std::mem::take(&mut self.text);
        text.push('}');
        text
    }

    fn key(&mut self, key: &str) {
        if self.text.len() > 1 {
            self.text.push(',');
        }
        push_string(&mut self.text, key);
        self.text.push(':');
    }
}

/// Appends `value` as a quoted JSON string: `"` and `\` escaped, control
/// characters as `\n`, `\t`, ... or `\u00XX`; everything else as is (UTF-8).
pub fn push_string(out: &mut String, value: &str) {
    out.push('"');
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if c < ' ' => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quoted(value: &str) -> String {
        let mut out = String::new();
        push_string(&mut out, value);
        out
    }

    #[test]
    fn escapes_quotes_backslashes_and_controls() {
        assert_eq!(quoted("plain"), r#""plain""#);
        assert_eq!(quoted(r#"a"b\c"#), r#""a\"b\\c""#);
        assert_eq!(quoted("l1\nl2\r\t"), r#""l1\nl2\r\t""#);
        assert_eq!(quoted("\u{0}\u{1f}\u{8}\u{c}"), r#""\u0000\u001f\b\f""#);
        assert_eq!(quoted("é ✓ 🎉 \u{7f}"), "\"é ✓ 🎉 \u{7f}\"");
    }

    #[test]
    fn builds_objects() {
        let text = Object::new()
            .string("path", "a \"b\".txt")
            .boolean("valid", false)
            .number("offset", 12)
            .number_or_null("error_len", None)
            .fixed("confidence", 0.5, 2)
            .null("x")
            .finish();
        assert_eq!(
            text,
            r#"{"path":"a \"b\".txt","valid":false,"offset":12,"error_len":null,"confidence":0.50,"x":null}"#
        );
        assert_eq!(Object::new().finish(), "{}");
    }
}
