//! A recursive-descent reader of FlatZinc's grammar (predicates, parameters,
//! variables, constraints, the solve item), items in any order.

use crate::ast::{
    Annotation, BaseType, Constraint, Domain, Expr, FlatZinc, Goal, Parameter, Predicate, Solve,
    Variable,
};
use crate::error::{Error, Position};
use crate::lexer::{Token, tokens};

/// Reads a FlatZinc model. Errors name the line, column and construct.
///
/// ```
/// use sieve_flatzinc::parse;
/// let model = parse("var 1..3: x :: output_var;\nconstraint int_le(2, x);\nsolve satisfy;")?;
/// assert_eq!(model.variables[0].name, "x");
/// assert_eq!(model.constraints[0].name, "int_le");
/// let error = parse("var 1..3 x;").unwrap_err();
/// assert!(error.to_string().contains("line 1, column 10"), "{error}");
/// # Ok::<(), sieve_flatzinc::Error>(())
/// ```
pub fn parse(text: &str) -> Result<FlatZinc, Error> {
    let mut parser = Parser {
        tokens: tokens(text)?,
        at: 0,
        construct: "an item",
    };
    parser.model()
}

struct Parser {
    tokens: Vec<(Token, Position)>,
    at: usize,
    construct: &'static str,
}

/// A declaration's type: `var` or not, the base type, its domain, and its
/// length when it is an array.
struct Declared {
    is_var: bool,
    base: BaseType,
    domain: Domain,
    array_len: Option<usize>,
}

impl Parser {
    fn peek(&self) -> &Token {
        &self.tokens[self.at].0
    }

    fn position(&self) -> Position {
        self.tokens[self.at].1
    }

    fn next(&mut self) -> Token {
        let token = self.tokens[self.at].0.clone();
        if self.at + 1 < self.tokens.len() {
            self.at += 1;
        }
        token
    }

    fn error(&self, problem: String) -> Error {
        Error::Syntax {
            position: self.position(),
            construct: self.construct,
            problem,
        }
    }

    fn expected(&self, what: &str) -> Error {
        self.error(format!("expected {what}, found {}", self.peek().describe()))
    }

    fn is_symbol(&self, symbol: &str) -> bool {
        matches!(self.peek(), Token::Symbol(s) if *s == symbol)
    }

    fn is_word(&self, word: &str) -> bool {
        matches!(self.peek(), Token::Ident(name) if name == word)
    }

    fn eat_symbol(&mut self, symbol: &str) -> bool {
        let found = self.is_symbol(symbol);
        if found {
            self.next();
        }
        found
    }

    fn symbol(&mut self, symbol: &str) -> Result<(), Error> {
        if self.eat_symbol(symbol) {
            Ok(())
        } else {
            Err(self.expected(&format!("`{symbol}`")))
        }
    }

    fn word(&mut self, word: &str) -> Result<(), Error> {
        if self.is_word(word) {
            self.next();
            Ok(())
        } else {
            Err(self.expected(&format!("`{word}`")))
        }
    }

    fn ident(&mut self) -> Result<String, Error> {
        match self.peek() {
            Token::Ident(name) => {
                let name = name.clone();
                self.next();
                Ok(name)
            }
            _ => Err(self.expected("a name")),
        }
    }

    fn int(&mut self) -> Result<i64, Error> {
        match *self.peek() {
            Token::Int(value) => {
                self.next();
                Ok(value)
            }
            _ => Err(self.expected("an integer")),
        }
    }

    fn model(&mut self) -> Result<FlatZinc, Error> {
        let (mut predicates, mut parameters, mut variables, mut constraints) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let mut solve = None;
        loop {
            let position = self.position();
            match self.peek() {
                Token::End => break,
                Token::Ident(word) if word == "predicate" => {
                    self.construct = "a predicate declaration";
                    predicates.push(self.predicate(position)?);
                }
                Token::Ident(word) if word == "constraint" => {
                    self.construct = "a constraint";
                    constraints.push(self.constraint(position)?);
                }
                Token::Ident(word) if word == "solve" => {
                    self.construct = "the solve item";
                    if solve.is_some() {
                        return Err(self.error("a second solve item".into()));
                    }
                    solve = Some(self.solve(position)?);
                }
                _ => {
                    self.construct = "a declaration";
                    match self.declaration(position)? {
                        Item::Parameter(parameter) => parameters.push(parameter),
                        Item::Variable(variable) => variables.push(variable),
                    }
                }
            }
        }
        self.construct = "the model";
        let solve = solve.ok_or_else(|| self.error("no solve item".into()))?;
        Ok(FlatZinc {
            predicates,
            parameters,
            variables,
            constraints,
            solve,
        })
    }

    /// `predicate name(...);`: the parameters are skipped, brackets balanced.
    fn predicate(&mut self, position: Position) -> Result<Predicate, Error> {
        self.word("predicate")?;
        let name = self.ident()?;
        self.symbol("(")?;
        let mut depth = 1;
        while depth > 0 {
            match self.next() {
                Token::Symbol("(") => depth += 1,
                Token::Symbol(")") => depth -= 1,
                Token::End => return Err(self.expected("`)`")),
                _ => {}
            }
        }
        self.symbol(";")?;
        Ok(Predicate { name, position })
    }

    fn constraint(&mut self, position: Position) -> Result<Constraint, Error> {
        self.word("constraint")?;
        let name = self.ident()?;
        self.symbol("(")?;
        let args = self.list(")")?;
        let annotations = self.annotations()?;
        self.symbol(";")?;
        Ok(Constraint {
            name,
            args,
            annotations,
            position,
        })
    }

    fn solve(&mut self, position: Position) -> Result<Solve, Error> {
        self.word("solve")?;
        let annotations = self.annotations()?;
        let goal = match self.peek() {
            Token::Ident(word) if word == "satisfy" => {
                self.next();
                Goal::Satisfy
            }
            Token::Ident(word) if word == "minimize" => {
                self.next();
                Goal::Minimize(self.expr()?)
            }
            Token::Ident(word) if word == "maximize" => {
                self.next();
                Goal::Maximize(self.expr()?)
            }
            _ => return Err(self.expected("`satisfy`, `minimize` or `maximize`")),
        };
        self.symbol(";")?;
        Ok(Solve {
            goal,
            annotations,
            position,
        })
    }

    fn declaration(&mut self, position: Position) -> Result<Item, Error> {
        let declared = self.declared_type()?;
        self.symbol(":")?;
        let name = self.ident()?;
        let annotations = self.annotations()?;
        let value = if self.eat_symbol("=") {
            Some(self.expr()?)
        } else {
            None
        };
        self.symbol(";")?;
        if declared.is_var {
            return Ok(Item::Variable(Variable {
                name,
                base: declared.base,
                domain: declared.domain,
                array_len: declared.array_len,
                annotations,
                value,
                position,
            }));
        }
        let value = value.ok_or_else(|| Error::Syntax {
            position,
            construct: "a parameter",
            problem: format!("the parameter `{name}` has no value"),
        })?;
        Ok(Item::Parameter(Parameter {
            name,
            base: declared.base,
            array_len: declared.array_len,
            value,
            position,
        }))
    }

    /// `[array [1..n] of] [var] type`
    fn declared_type(&mut self) -> Result<Declared, Error> {
        let mut array_len = None;
        if self.is_word("array") {
            self.next();
            self.symbol("[")?;
            let first = self.int()?;
            self.symbol("..")?;
            let last = self.int()?;
            if first != 1 || last < 0 {
                return Err(self.error(format!(
                    "an array's index set must be 1..n, not {first}..{last}"
                )));
            }
            self.symbol("]")?;
            self.word("of")?;
            array_len = Some(usize::try_from(last).map_err(|_| self.error("too long".into()))?);
        }
        let is_var = self.is_word("var");
        if is_var {
            self.next();
        }
        let (base, domain) = self.base_type()?;
        Ok(Declared {
            is_var,
            base,
            domain,
            array_len,
        })
    }

    fn base_type(&mut self) -> Result<(BaseType, Domain), Error> {
        match self.peek().clone() {
            Token::Ident(word) if word == "bool" || word == "int" || word == "float" => {
                self.next();
                let base = match word.as_str() {
                    "bool" => BaseType::Bool,
                    "int" => BaseType::Int,
                    _ => BaseType::Float,
                };
                Ok((base, Domain::Unbounded))
            }
            Token::Ident(word) if word == "set" => {
                self.next();
                self.word("of")?;
                let (_, domain) = self.base_type()?;
                Ok((BaseType::SetOfInt, domain))
            }
            Token::Int(first) => {
                self.next();
                self.symbol("..")?;
                Ok((BaseType::Int, Domain::Range(first, self.int()?)))
            }
            Token::Float(first) => {
                self.next();
                self.symbol("..")?;
                match self.next() {
                    Token::Float(last) => Ok((BaseType::Float, Domain::FloatRange(first, last))),
                    _ => Err(self.expected("a float")),
                }
            }
            Token::Symbol("{") => {
                self.next();
                let values = self.int_list()?;
                Ok((BaseType::Int, Domain::Set(values)))
            }
            _ => {
                Err(self.expected("a type (`bool`, `int`, `float`, `set of int`, `1..n`, `{...}`)"))
            }
        }
    }

    /// The integers of a set literal after its `{`, through its `}`.
    fn int_list(&mut self) -> Result<Vec<i64>, Error> {
        let mut values = Vec::new();
        if self.eat_symbol("}") {
            return Ok(values);
        }
        loop {
            values.push(self.int()?);
            if self.eat_symbol("}") {
                return Ok(values);
            }
            self.symbol(",")?;
        }
    }

    /// Expressions separated by commas, through `close` (a trailing comma allowed).
    fn list(&mut self, close: &str) -> Result<Vec<Expr>, Error> {
        let mut items = Vec::new();
        loop {
            if self.eat_symbol(close) {
                return Ok(items);
            }
            items.push(self.expr()?);
            if !self.eat_symbol(",") {
                self.symbol(close)?;
                return Ok(items);
            }
        }
    }

    fn annotations(&mut self) -> Result<Vec<Annotation>, Error> {
        let mut annotations = Vec::new();
        while self.eat_symbol("::") {
            let name = self.ident()?;
            let args = if self.eat_symbol("(") {
                self.list(")")?
            } else {
                Vec::new()
            };
            annotations.push(Annotation { name, args });
        }
        Ok(annotations)
    }

    fn expr(&mut self) -> Result<Expr, Error> {
        match self.next() {
            Token::Int(first) if self.eat_symbol("..") => Ok(Expr::IntRange(first, self.int()?)),
            Token::Int(value) => Ok(Expr::Int(value)),
            Token::Float(first) if self.eat_symbol("..") => match self.next() {
                Token::Float(last) => Ok(Expr::FloatRange(first, last)),
                _ => Err(self.expected("a float")),
            },
            Token::Float(value) => Ok(Expr::Float(value)),
            Token::Str(text) => Ok(Expr::String(text)),
            Token::Symbol("{") => Ok(Expr::IntSet(self.int_list()?)),
            Token::Symbol("[") => Ok(Expr::Array(self.list("]")?)),
            Token::Ident(word) if word == "true" => Ok(Expr::Bool(true)),
            Token::Ident(word) if word == "false" => Ok(Expr::Bool(false)),
            Token::Ident(name) if self.eat_symbol("[") => {
                let index = self.int()?;
                self.symbol("]")?;
                Ok(Expr::Access(name, index))
            }
            Token::Ident(name) if self.eat_symbol("(") => Ok(Expr::Call(Annotation {
                name,
                args: self.list(")")?,
            })),
            Token::Ident(name) => Ok(Expr::Ident(name)),
            _ => {
                self.at = self.at.saturating_sub(1);
                Err(self.expected("an expression"))
            }
        }
    }
}

enum Item {
    Parameter(Parameter),
    Variable(Variable),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_kind_of_item() {
        let text = "predicate my_pred(array [int] of var int: x, int: y);\n\
            int: n = 3;\n\
            array [1..3] of int: costs = [1, -2, 3];\n\
            set of int: s = {1, 3};\n\
            var 1..3: x :: output_var;\n\
            var {2, 4}: y;\n\
            var bool: b :: is_defined_var :: output_var;\n\
            array [1..2] of var int: xs :: output_array([1..2]) = [x, y];\n\
            constraint int_lin_le(costs, [x, y, x], 5) :: domain;\n\
            constraint int_le_reif(x, 2, b) :: defines_var(b);\n\
            solve :: seq_search([int_search(xs, first_fail, indomain_min, complete)]) minimize x;\n";
        let model = parse(text).unwrap();
        assert_eq!(model.predicates[0].name, "my_pred");
        assert_eq!(model.parameters.len(), 3);
        assert_eq!(
            model.parameters[1].value,
            Expr::Array(vec![Expr::Int(1), Expr::Int(-2), Expr::Int(3)])
        );
        assert_eq!(model.parameters[2].value, Expr::IntSet(vec![1, 3]));
        assert_eq!(model.variables[1].domain, Domain::Set(vec![2, 4]));
        assert_eq!(model.variables[2].annotations.len(), 2);
        assert_eq!(model.variables[3].array_len, Some(2));
        assert_eq!(model.constraints[1].position.line, 10);
        assert_eq!(model.solve.goal, Goal::Minimize(Expr::Ident("x".into())));
        let Expr::Array(phases) = &model.solve.annotations[0].args[0] else {
            panic!("an array of phases");
        };
        assert!(matches!(&phases[0], Expr::Call(call) if call.name == "int_search"));
    }

    #[test]
    fn errors_name_line_column_and_construct() {
        let cases = [
            (
                "var 1..3: x;\nconstraint int_le(x 2);\nsolve satisfy;",
                "line 2, column 21",
                "a constraint",
            ),
            ("var 1..3: x;", "line 1, column 13", "no solve item"),
            ("int: n;\nsolve satisfy;", "line 1", "has no value"),
            ("solve maximise x;", "line 1, column 7", "`maximise`"),
            (
                "array [0..2] of int: a = [1,2,3];\nsolve satisfy;",
                "line 1",
                "1..n",
            ),
            ("solve satisfy;\nsolve satisfy;", "line 2", "second solve"),
        ];
        for (text, place, words) in cases {
            let error = parse(text).unwrap_err().to_string();
            assert!(
                error.contains(place) && error.contains(words),
                "{text:?}: {error}"
            );
        }
    }
}
