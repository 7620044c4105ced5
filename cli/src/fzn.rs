//! `sieve fzn MODEL.fzn`: the FlatZinc solver interface, and `sieve
//! minizinc-config DIR`, which writes the solver configuration and mznlib that
//! let `minizinc --solver sieve` run models through it.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use sieve::Search;
use sieve_flatzinc::{Options, Program, configure, parse, solve, translate};

use crate::common::{CliError, Outcome};
use crate::teach::{Question, SearchSetup, TraceArgs, Traced, explain, write_trace_with};

/// Flags of the FlatZinc solver interface.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  \
    minizinc -c --solver gecode queens.mzn -o queens.fzn && sieve fzn -a queens.fzn\n  \
    sieve fzn -s -t 10000 knapsack.fzn\n  \
    sieve fzn --trace html --out queens.html queens.fzn\n\n\
    --trace follows the search `sieve fzn` runs to its first solution: the model's \
    search annotations (int_search, bool_search, seq_search), or free search with -f.")]
pub struct Args {
    /// The FlatZinc model.
    pub model: PathBuf,
    /// Every solution (satisfaction), every improving solution (optimisation).
    #[arg(short = 'a', long = "all-solutions")]
    pub all: bool,
    /// Stop after N solutions.
    #[arg(short = 'n', long = "num-solutions", value_name = "N")]
    pub solutions: Option<u64>,
    /// Print statistics as `%%%mzn-stat:` lines.
    #[arg(short = 's', long = "statistics")]
    pub statistics: bool,
    /// Stop after this many milliseconds.
    #[arg(short = 't', long = "time-limit", value_name = "MS")]
    pub time_limit: Option<u64>,
    /// Free search: ignore the search annotations.
    #[arg(short = 'f', long = "free-search")]
    pub free: bool,
    /// The seed of random choices.
    #[arg(
        short = 'r',
        long = "random-seed",
        value_name = "SEED",
        default_value_t = 0
    )]
    pub seed: u64,
    /// Threads (accepted; the search runs on one).
    #[arg(short = 'p', long = "parallel", value_name = "N")]
    pub threads: Option<u64>,
    /// The trace of the search to its first solution, as `sieve fzn` runs it
    /// (the search annotations, or free search with `-f`), each change naming
    /// its constraint and line.
    #[command(flatten)]
    pub trace: TraceArgs,
    /// Instead of solving, explain what propagation from the start does to the
    /// variable of this name (`x`, `q[3]`): why it holds its value, or, with
    /// `--value`, why that value is gone.
    #[arg(long, value_name = "NAME")]
    pub explain: Option<String>,
    /// The value `--explain` asks about.
    #[arg(long, value_name = "V", requires = "explain")]
    pub value: Option<sieve::Value>,
}

/// Where to write the MiniZinc configuration.
#[derive(clap::Args, Debug)]
#[command(after_help = "Example:\n  \
    sieve minizinc-config ~/.sieve-mzn && \
    MZN_SOLVER_PATH=~/.sieve-mzn minizinc --solver sieve model.mzn data.dzn")]
pub struct ConfigArgs {
    /// The folder that receives sieve.msc, fzn-sieve and mznlib/.
    pub dir: PathBuf,
}

/// Runs `sieve fzn`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let text = fs::read_to_string(&args.model).map_err(|source| CliError::Io {
        path: args.model.display().to_string(),
        source,
    })?;
    let located = |error: sieve_flatzinc::Error| {
        CliError::input(format!("{}: {error}", args.model.display()))
    };
    let program = translate(&parse(&text).map_err(located)?).map_err(located)?;
    if let Some(name) = &args.explain {
        let model = &program.model;
        let var = (model.vars())
            .find(|&var| model.var_name(var) == *name)
            .ok_or_else(|| {
                CliError::input(format!("--explain: the model has no variable `{name}`"))
            })?;
        let start = model.domains();
        let question = Question {
            model,
            start: &start,
            var,
            name: name.clone(),
            value: args.value,
            given: None,
            describe: &|value| value.to_string(),
            rules: "every constraint of the model",
        };
        return explain(&question, out);
    }
    let options = Options {
        all_solutions: args.all,
        solution_limit: args.solutions,
        time_limit: args.time_limit.map(Duration::from_millis),
        free_search: args.free,
        seed: args.seed,
        statistics: args.statistics,
    };
    if args.trace.trace.is_some() {
        let mut config = sieve::Config::default();
        if let Some(limit) = args.time_limit {
            config = config.time_limit(Duration::from_millis(limit));
        }
        let traced = Traced {
            model: &program.model,
            start: &program.model.domains(),
            config: &config,
            view: sieve_replay::View::List,
            title: args.model.display().to_string(),
            hints: None,
        };
        let setup = AsSolved {
            program: &program,
            options: &options,
            file: &args.model,
        };
        write_trace_with(&args.trace, traced, &setup)?;
    }
    match solve(&program, &options, out) {
        Ok(_) => Ok(Outcome::Success),
        Err(sieve_flatzinc::Error::Output(error)) => Err(CliError::Output(error)),
        Err(error) => Err(located(error)),
    }
}

/// The search `sieve fzn` runs (its brancher, objective and projection), for
/// the trace.
struct AsSolved<'p> {
    program: &'p Program,
    options: &'p Options,
    file: &'p Path,
}

impl<'p> SearchSetup<'p> for AsSolved<'p> {
    fn set_up<'o>(&self, search: Search<'p, 'o>) -> Result<Search<'p, 'o>, CliError> {
        configure(self.program, search, self.options)
            .map_err(|error| CliError::input(format!("{}: {error}", self.file.display())))
    }
}

/// The globals Sieve solves natively, each a predicate without a body, so that
/// MiniZinc hands them over whole.
const MZNLIB: [(&str, &str); 9] = [
    ("fzn_all_different_int", "array[int] of var int: x"),
    (
        "fzn_table_int",
        "array[int] of var int: x, array[int, int] of int: t",
    ),
    (
        "fzn_regular",
        "array[int] of var int: x, int: Q, int: S, array[int, int] of int: d, int: q0, set of int: F",
    ),
    (
        "fzn_count_eq_par",
        "array[int] of var int: x, int: y, int: c",
    ),
    (
        "fzn_count_leq_par",
        "array[int] of var int: x, int: y, int: c",
    ),
    (
        "fzn_count_geq_par",
        "array[int] of var int: x, int: y, int: c",
    ),
    (
        "fzn_count_lt_par",
        "array[int] of var int: x, int: y, int: c",
    ),
    (
        "fzn_count_gt_par",
        "array[int] of var int: x, int: y, int: c",
    ),
    (
        "fzn_global_cardinality_low_up",
        "array[int] of var int: x, array[int] of int: cover, array[int] of int: lbound, array[int] of int: ubound",
    ),
];

/// Runs `sieve minizinc-config DIR`.
pub fn config(args: ConfigArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let io_error = |path: &Path| {
        let path = path.display().to_string();
        move |source| CliError::Io { path, source }
    };
    let dir = &args.dir;
    let mznlib = dir.join("mznlib");
    fs::create_dir_all(&mznlib).map_err(io_error(&mznlib))?;
    let absolute = fs::canonicalize(dir).map_err(io_error(dir))?;
    let binary = std::env::current_exe().map_err(io_error(Path::new("sieve")))?;
    let wrapper = absolute.join("fzn-sieve");
    let script = format!("#!/bin/sh\nexec '{}' fzn \"$@\"\n", binary.display());
    fs::write(&wrapper, script).map_err(io_error(&wrapper))?;
    make_executable(&wrapper).map_err(io_error(&wrapper))?;
    for (name, parameters) in MZNLIB {
        let path = mznlib.join(format!("{name}.mzn"));
        let text = format!("% Solved natively by Sieve.\npredicate {name}({parameters});\n");
        fs::write(&path, text).map_err(io_error(&path))?;
    }
    let closed = mznlib.join("fzn_global_cardinality_low_up_closed.mzn");
    let text = "% Solved natively by Sieve.\npredicate fzn_global_cardinality_low_up_closed(\
        array[int] of var int: x, array[int] of int: cover, array[int] of int: lbound, \
        array[int] of int: ubound);\n";
    fs::write(&closed, text).map_err(io_error(&closed))?;
    // MiniZinc numbers a circuit's nodes by its array's index set, which a
    // FlatZinc array forgets: the first index goes along as the offset.
    let circuit = mznlib.join("fzn_circuit.mzn");
    let text = "% Solved natively by Sieve; the nodes are numbered from the array's first index.\n\
        predicate sieve_circuit(int: offset, array[int] of var int: x);\n\
        predicate fzn_circuit(array[int] of var int: x) = sieve_circuit(min(index_set(x)), x);\n";
    fs::write(&circuit, text).map_err(io_error(&circuit))?;
    let redefinitions = mznlib.join("redefinitions.mzn");
    let text = "% Sieve has no set variables: MiniZinc decomposes them into booleans.\ninclude \"nosets.mzn\";\n";
    fs::write(&redefinitions, text).map_err(io_error(&redefinitions))?;
    let msc = absolute.join("sieve.msc");
    fs::write(
        &msc,
        solver_configuration(&wrapper, &absolute.join("mznlib")),
    )
    .map_err(io_error(&msc))?;
    writeln!(out, "wrote {}", msc.display())?;
    writeln!(
        out,
        "run: MZN_SOLVER_PATH={} minizinc --solver sieve model.mzn",
        absolute.display()
    )?;
    Ok(Outcome::Success)
}

fn solver_configuration(executable: &Path, mznlib: &Path) -> String {
    let quoted =
        |path: &Path| serde_json::to_string(&path.display().to_string()).unwrap_or_default();
    format!(
        "{{\n  \"id\": \"org.sieve.sieve\",\n  \"name\": \"Sieve\",\n  \
         \"description\": \"Sieve, a constraint-propagation engine, on FlatZinc\",\n  \
         \"version\": \"{}\",\n  \"mznlib\": {},\n  \"executable\": {},\n  \
         \"tags\": [\"cp\", \"int\"],\n  \
         \"stdFlags\": [\"-a\", \"-n\", \"-s\", \"-t\", \"-f\", \"-r\", \"-p\"],\n  \
         \"supportsMzn\": false,\n  \"supportsFzn\": true,\n  \"needsSolns2Out\": true,\n  \
         \"needsMznExecutable\": false,\n  \"needsStdlibDir\": false,\n  \
         \"isGUIApplication\": false\n}}\n",
        env!("CARGO_PKG_VERSION"),
        quoted(mznlib),
        quoted(executable)
    )
}

#[cfg(unix)]
fn make_executable(path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(0o755))
}

#[cfg(not(unix))]
fn make_executable(_path: &Path) -> std::io::Result<()> {
    Ok(())
}
