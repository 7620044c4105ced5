//! The items of a FlatZinc model, as read: names stay names, and each item keeps
//! its position so that later errors can name the line.

use crate::error::Position;

/// A FlatZinc expression: a literal, a name, an array, or (in annotations) a call.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// `true`, `false`
    Bool(bool),
    /// `-3`
    Int(i64),
    /// `2.5`
    Float(f64),
    /// `1..5`
    IntRange(i64, i64),
    /// `{1, 3, 5}`
    IntSet(Vec<i64>),
    /// `1.0..2.0`
    FloatRange(f64, f64),
    /// A parameter, variable or annotation name.
    Ident(String),
    /// `xs[3]`: an element of an array, indexed from 1.
    Access(String, i64),
    /// `[a, b, 3]`
    Array(Vec<Expr>),
    /// `"text"`
    String(String),
    /// `int_search(xs, first_fail, indomain_min)`: only in annotations.
    Call(Annotation),
}

/// An annotation: `output_var`, `output_array([1..3, 1..3])`, `int_search(...)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Annotation {
    /// Its name.
    pub name: String,
    /// Its arguments (none for a bare name).
    pub args: Vec<Expr>,
}

/// The kind of value a parameter or variable holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BaseType {
    /// `bool`
    Bool,
    /// `int`
    Int,
    /// `float`
    Float,
    /// `set of int`
    SetOfInt,
}

/// The values a variable may take, as declared.
#[derive(Clone, Debug, PartialEq)]
pub enum Domain {
    /// No domain given (`var int`, `var bool`).
    Unbounded,
    /// `var 1..9`
    Range(i64, i64),
    /// `var {1, 3, 5}`
    Set(Vec<i64>),
    /// `var 0.0..1.0`
    FloatRange(f64, f64),
}

/// `predicate name(...)`: a declaration of a solver-specific constraint.
#[derive(Clone, Debug, PartialEq)]
pub struct Predicate {
    /// Its name.
    pub name: String,
    /// Where it was declared.
    pub position: Position,
}

/// `int: n = 3;` or `array [1..3] of int: costs = [1, 2, 3];`
#[derive(Clone, Debug, PartialEq)]
pub struct Parameter {
    /// Its name.
    pub name: String,
    /// The type of its value (of each element, for an array).
    pub base: BaseType,
    /// `Some(n)` for an array of `n` elements.
    pub array_len: Option<usize>,
    /// Its value.
    pub value: Expr,
    /// Where it was declared.
    pub position: Position,
}

/// `var 1..9: x :: output_var;` or an array of variables.
#[derive(Clone, Debug, PartialEq)]
pub struct Variable {
    /// Its name.
    pub name: String,
    /// The type of its values (of each element, for an array).
    pub base: BaseType,
    /// The values it may take.
    pub domain: Domain,
    /// `Some(n)` for an array of `n` elements.
    pub array_len: Option<usize>,
    /// Its annotations (`output_var`, `output_array([1..n])`, `is_defined_var`, ...).
    pub annotations: Vec<Annotation>,
    /// `= value`: a fixed value, another variable, or an array's elements.
    pub value: Option<Expr>,
    /// Where it was declared.
    pub position: Position,
}

/// `constraint int_le(x, y) :: domain;`
#[derive(Clone, Debug, PartialEq)]
pub struct Constraint {
    /// The builtin or predicate's name.
    pub name: String,
    /// Its arguments.
    pub args: Vec<Expr>,
    /// Its annotations.
    pub annotations: Vec<Annotation>,
    /// Where it was written.
    pub position: Position,
}

/// What the solve item asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Goal {
    /// `satisfy`
    Satisfy,
    /// `minimize objective`
    Minimize(Expr),
    /// `maximize objective`
    Maximize(Expr),
}

/// `solve :: int_search(...) minimize cost;`
#[derive(Clone, Debug, PartialEq)]
pub struct Solve {
    /// What to find.
    pub goal: Goal,
    /// Search annotations.
    pub annotations: Vec<Annotation>,
    /// Where it was written.
    pub position: Position,
}

/// A whole FlatZinc model, items in the order written.
#[derive(Clone, Debug, PartialEq)]
pub struct FlatZinc {
    /// Predicate declarations.
    pub predicates: Vec<Predicate>,
    /// Parameters.
    pub parameters: Vec<Parameter>,
    /// Variables and arrays of variables.
    pub variables: Vec<Variable>,
    /// Constraints.
    pub constraints: Vec<Constraint>,
    /// The solve item.
    pub solve: Solve,
}
