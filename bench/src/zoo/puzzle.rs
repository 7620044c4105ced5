//! The puzzles of Tatham's collection the harness compares, with how each
//! one's solver is called and read.

use super::tatham_output::{self, OutputError};

/// A puzzle of the zoo, by Tatham's name (which is also a `sieve` command or
/// one of its aliases).
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ZooPuzzle {
    /// Sudoku and its variants.
    Solo,
    /// Skyscrapers.
    Towers,
    /// Futoshiki, and its adjacent mode.
    Unequal,
    /// KenKen.
    Keen,
    /// Nonogram.
    Pattern,
    /// Binairo.
    Unruly,
    /// Hitori.
    Singles,
    /// Tents.
    Tents,
    /// Light Up (Akari).
    Lightup,
    /// Magnets.
    Magnets,
    /// Four-colour map.
    Map,
    /// Dominosa.
    Dominosa,
    /// Slant (Gokigen).
    Slant,
    /// Spiral galaxies.
    Galaxies,
    /// Fillomino.
    Filling,
    /// Slitherlink, on the square grid (`t0`).
    Loopy,
    /// Masyu.
    Pearl,
    /// Train tracks.
    Tracks,
    /// Signpost.
    Signpost,
}

/// Reads one solver's output for one ID into the zoo's line.
type Reader = fn(&str, &str) -> Result<String, OutputError>;

impl ZooPuzzle {
    /// Tatham's name: his game is `sgt-<name>`, his solver `<name>solver`, and
    /// `sieve <name>` takes its IDs.
    pub fn name(self) -> &'static str {
        match self {
            ZooPuzzle::Solo => "solo",
            ZooPuzzle::Towers => "towers",
            ZooPuzzle::Unequal => "unequal",
            ZooPuzzle::Keen => "keen",
            ZooPuzzle::Pattern => "pattern",
            ZooPuzzle::Unruly => "unruly",
            ZooPuzzle::Singles => "singles",
            ZooPuzzle::Tents => "tents",
            ZooPuzzle::Lightup => "lightup",
            ZooPuzzle::Magnets => "magnets",
            ZooPuzzle::Map => "map",
            ZooPuzzle::Dominosa => "dominosa",
            ZooPuzzle::Slant => "slant",
            ZooPuzzle::Galaxies => "galaxies",
            ZooPuzzle::Filling => "filling",
            ZooPuzzle::Loopy => "loopy",
            ZooPuzzle::Pearl => "pearl",
            ZooPuzzle::Tracks => "tracks",
            ZooPuzzle::Signpost => "signpost",
        }
    }

    /// The file name of Tatham's standalone solver; for Pearl, Signpost and
    /// Filling, whose standalone builds print no answer, the driver that runs his
    /// solver and prints its answers (`<name>_answers`, built from
    /// `puzzles/<crate>/tests/tatham/<name>_answers.c` as its header says).
    pub fn solver_file(self) -> String {
        if self.prints_answer_lines() {
            format!("{}_answers", self.name())
        } else {
            format!("{}solver", self.name())
        }
    }

    /// Whether the solver is one of the drivers that print zoo lines.
    fn prints_answer_lines(self) -> bool {
        matches!(
            self,
            ZooPuzzle::Pearl | ZooPuzzle::Signpost | ZooPuzzle::Filling
        )
    }

    /// Whether his solver takes several IDs in one process (Unequal's `main`
    /// loops over its arguments, and the answer drivers do; the others read
    /// one ID).
    pub fn solver_takes_several_ids(self) -> bool {
        self == ZooPuzzle::Unequal || self.prints_answer_lines()
    }

    /// Reads his solver's output for `id` into the zoo's line.
    pub fn read_output(self, id: &str, output: &str) -> Result<String, OutputError> {
        (self.reader())(id, output)
    }

    /// Reads the output of one solver process given all of `ids`, where the
    /// solver takes several (see [`ZooPuzzle::solver_takes_several_ids`]); for
    /// the others, the whole output is read as the answer of a single ID.
    pub fn read_batch_output(self, ids: &[&str], output: &str) -> Vec<Result<String, OutputError>> {
        match (self, ids) {
            (ZooPuzzle::Unequal, _) => tatham_output::read_unequal_batch(ids, output),
            (ZooPuzzle::Pearl | ZooPuzzle::Signpost | ZooPuzzle::Filling, _) => {
                tatham_output::read_answer_lines(ids, output)
            }
            (_, [id]) => vec![self.read_output(id, output)],
            _ => ids
                .iter()
                .map(|_| {
                    Err(OutputError::Unreadable(format!(
                        "{}solver reads one ID a process",
                        self.name()
                    )))
                })
                .collect(),
        }
    }

    /// Whether his solver's plain output can say "not unique" (Solo's cannot:
    /// it prints the first solution of an ambiguous puzzle; `-g` grades it).
    pub fn output_states_uniqueness(self) -> bool {
        self != ZooPuzzle::Solo
    }

    fn reader(self) -> Reader {
        match self {
            ZooPuzzle::Solo => tatham_output::read_solo,
            ZooPuzzle::Towers => tatham_output::read_towers,
            ZooPuzzle::Unequal => tatham_output::read_unequal,
            ZooPuzzle::Keen => tatham_output::read_keen,
            ZooPuzzle::Pattern => tatham_output::read_pattern,
            ZooPuzzle::Unruly => tatham_output::read_unruly,
            ZooPuzzle::Singles => tatham_output::read_singles,
            ZooPuzzle::Tents => tatham_output::read_tents,
            ZooPuzzle::Lightup => tatham_output::read_lightup,
            ZooPuzzle::Magnets => tatham_output::read_magnets,
            ZooPuzzle::Map => tatham_output::read_map,
            ZooPuzzle::Dominosa => tatham_output::read_dominosa,
            ZooPuzzle::Slant => tatham_output::read_slant,
            ZooPuzzle::Galaxies => tatham_output::read_galaxies,
            ZooPuzzle::Loopy => tatham_output::read_loopy,
            ZooPuzzle::Tracks => tatham_output::read_tracks,
            ZooPuzzle::Pearl | ZooPuzzle::Signpost | ZooPuzzle::Filling => {
                tatham_output::read_answer_line
            }
        }
    }
}
