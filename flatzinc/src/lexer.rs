//! FlatZinc's tokens, each with its position: names, numbers, strings and the
//! punctuation of the grammar. `%` starts a comment to the end of the line.

use crate::error::{Error, Position};

/// One token.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Token {
    /// A name or keyword.
    Ident(String),
    /// An integer literal.
    Int(i64),
    /// A float literal.
    Float(f64),
    /// A string literal (without quotes).
    Str(String),
    /// Punctuation: `( ) [ ] { } , ; : :: .. =`.
    Symbol(&'static str),
    /// The end of the text.
    End,
}

impl Token {
    /// How the token reads in an error message.
    pub(crate) fn describe(&self) -> String {
        match self {
            Token::Ident(name) => format!("`{name}`"),
            Token::Int(value) => format!("`{value}`"),
            Token::Float(value) => format!("`{value}`"),
            Token::Str(text) => format!("the string \"{text}\""),
            Token::Symbol(symbol) => format!("`{symbol}`"),
            Token::End => "the end of the text".into(),
        }
    }
}

const SYMBOLS: [&str; 12] = ["::", "..", "(", ")", "[", "]", "{", "}", ",", ";", ":", "="];

/// The tokens of `text`, the last one [`Token::End`].
pub(crate) fn tokens(text: &str) -> Result<Vec<(Token, Position)>, Error> {
    let mut lexer = Lexer {
        chars: text.chars().collect(),
        at: 0,
        position: Position { line: 1, column: 1 },
    };
    let mut out = Vec::new();
    loop {
        lexer.skip_blanks();
        let start = lexer.position;
        let Some(c) = lexer.peek(0) else {
            out.push((Token::End, start));
            return Ok(out);
        };
        let token = if c.is_ascii_alphabetic() || c == '_' {
            Token::Ident(lexer.take_while(|c| c.is_ascii_alphanumeric() || c == '_'))
        } else if c.is_ascii_digit()
            || (c == '-' && lexer.peek(1).is_some_and(|d| d.is_ascii_digit()))
        {
            lexer.number(start)?
        } else if c == '"' {
            lexer.string(start)?
        } else if let Some(symbol) = SYMBOLS.iter().find(|symbol| lexer.starts_with(symbol)) {
            for _ in 0..symbol.len() {
                lexer.bump();
            }
            Token::Symbol(symbol)
        } else {
            return Err(lexer.error(start, format!("the character `{c}` has no meaning")));
        };
        out.push((token, start));
    }
}

struct Lexer {
    chars: Vec<char>,
    at: usize,
    position: Position,
}

impl Lexer {
    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.at + ahead).copied()
    }

    fn starts_with(&self, symbol: &str) -> bool {
        symbol
            .chars()
            .enumerate()
            .all(|(i, c)| self.peek(i) == Some(c))
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek(0)?;
        self.at += 1;
        if c == '\n' {
            self.position.line += 1;
            self.position.column = 1;
        } else {
            self.position.column += 1;
        }
        Some(c)
    }

    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> String {
        let mut taken = String::new();
        while let Some(c) = self.peek(0).filter(|&c| keep(c)) {
            taken.push(c);
            self.bump();
        }
        taken
    }

    fn skip_blanks(&mut self) {
        loop {
            match self.peek(0) {
                Some(c) if c.is_whitespace() => {
                    self.bump();
                }
                Some('%') => {
                    self.take_while(|c| c != '\n');
                }
                _ => return,
            }
        }
    }

    fn error(&self, position: Position, problem: String) -> Error {
        Error::Syntax {
            position,
            construct: "a token",
            problem,
        }
    }

    /// An integer (decimal, `0x` hex or `0o` octal) or a float; `1..3` is an
    /// integer followed by `..`.
    fn number(&mut self, start: Position) -> Result<Token, Error> {
        let negative = self.peek(0) == Some('-');
        if negative {
            self.bump();
        }
        let radix = match (self.peek(0), self.peek(1)) {
            (Some('0'), Some('x')) => 16,
            (Some('0'), Some('o')) => 8,
            _ => 10,
        };
        if radix != 10 {
            self.bump();
            self.bump();
        }
        let digits = self.take_while(|c| c.is_digit(radix));
        let is_float = radix == 10
            && self.peek(0) == Some('.')
            && self.peek(1).is_some_and(|c| c.is_ascii_digit());
        if is_float || (radix == 10 && matches!(self.peek(0), Some('e' | 'E'))) {
            return self.float(start, negative, digits);
        }
        let sign = if negative { "-" } else { "" };
        i64::from_str_radix(&format!("{sign}{digits}"), radix)
            .map(Token::Int)
            .map_err(|_| {
                self.error(
                    start,
                    format!("the integer `{sign}{digits}` does not fit 64 bits"),
                )
            })
    }

    fn float(&mut self, start: Position, negative: bool, whole: String) -> Result<Token, Error> {
        let mut text = if negative { format!("-{whole}") } else { whole };
        if self.peek(0) == Some('.') {
            self.bump();
            text.push('.');
            text.push_str(&self.take_while(|c| c.is_ascii_digit()));
        }
        if matches!(self.peek(0), Some('e' | 'E')) {
            text.push('e');
            self.bump();
            if let Some(sign) = self.peek(0).filter(|&c| c == '+' || c == '-') {
                text.push(sign);
                self.bump();
            }
            text.push_str(&self.take_while(|c| c.is_ascii_digit()));
        }
        text.parse::<f64>()
            .map(Token::Float)
            .map_err(|_| self.error(start, format!("`{text}` is not a number")))
    }

    fn string(&mut self, start: Position) -> Result<Token, Error> {
        self.bump();
        let mut text = String::new();
        loop {
            match self.bump() {
                None | Some('\n') => {
                    return Err(self.error(start, "a string is not closed on its line".into()));
                }
                Some('"') => return Ok(Token::Str(text)),
                Some('\\') => match self.bump() {
                    Some('n') => text.push('\n'),
                    Some('t') => text.push('\t'),
                    Some(c) => text.push(c),
                    None => {
                        return Err(self.error(start, "a string is not closed".into()));
                    }
                },
                Some(c) => text.push(c),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Token> {
        tokens(text)
            .unwrap()
            .into_iter()
            .map(|(token, _)| token)
            .collect()
    }

    #[test]
    fn ranges_numbers_and_comments() {
        assert_eq!(
            kinds("var 1..-3: x; % note\n 2.5e1 0x1F"),
            [
                Token::Ident("var".into()),
                Token::Int(1),
                Token::Symbol(".."),
                Token::Int(-3),
                Token::Symbol(":"),
                Token::Ident("x".into()),
                Token::Symbol(";"),
                Token::Float(25.0),
                Token::Int(31),
                Token::End,
            ]
        );
    }

    #[test]
    fn positions_and_errors() {
        let read = tokens("a\n  b").unwrap();
        assert_eq!(read[1].1, Position { line: 2, column: 3 });
        let error = tokens("x = 1;\n  $").unwrap_err().to_string();
        assert!(error.contains("line 2, column 3"), "{error}");
        assert!(tokens("99999999999999999999").is_err());
        assert!(tokens("\"open").is_err());
    }
}
