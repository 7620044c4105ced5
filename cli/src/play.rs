//! `sieve sudoku play`: the SUDOKU-80B game of the Sharp MZ-80B in a modern terminal.
//!
//! The rules live in [`sieve_sudoku::play`]; this module only turns keys into
//! its commands and draws the game in an 80×24 terminal with crossterm. The
//! terminal is put back (raw mode off, main screen, cursor shown) on every
//! exit, errors and panics included.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use clap::ValueEnum;
use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::style::{
    Attribute, Color, Print, SetAttribute, SetBackgroundColor, SetForegroundColor,
};
use crossterm::terminal::{self, ClearType};
use crossterm::{cursor, execute, queue};
use sieve_sudoku::play::{self, CellKind, CellView, Command, Game, Level, Method, Status, clock};
use sieve_sudoku::symbols;

use crate::common::{CliError, Outcome};

/// The smallest terminal the game is drawn in.
const MIN_WIDTH: u16 = 80;
const MIN_HEIGHT: u16 = 24;
/// Where the grid's top-left corner is drawn.
const GRID_TOP: u16 = 2;
const GRID_LEFT: u16 = 2;
/// Where the status and help panel starts.
const PANEL_LEFT: u16 = 38;
/// The line of messages under the grid.
const MESSAGE_TOP: u16 = 17;
/// The grid of every cell's marks: its top line, the panel's column, and the
/// one line of messages under it.
const MARKS_GRID_TOP: u16 = 1;
const MARKS_PANEL_LEFT: u16 = 53;
const MARKS_MESSAGE_TOP: u16 = 23;

const PLAY_EXAMPLES: &str = "\
Keys:
  Q A O P or arrows   move the cursor (up, down, left, right, as on the MZ-80B)
  1-9                 put a number (a pencil mark in mark mode); 0, Delete clear
  Enter               check: wrong numbers are erased and counted; a full right grid wins
  H                   hint: the right number at the cursor, and why
  R                   reveal the solution (asks first: it ends the game)
  U or Ctrl-Z         undo;  M pencil-mark mode;  C conflict highlighting
  V                   the pencil marks of every cell (a taller grid; V again goes back)
  Esc                 quit (asks first while playing);  Ctrl-C quits at once

Examples:
  sieve sudoku play                         level 3, a seed from the clock (shown on screen)
  sieve sudoku play --level 8 --seed 42     the same hard puzzle every time
  sieve sudoku play --method transform -l 5 the MZ-80B's own generator: 40 cells hidden";

/// `sieve sudoku play`: the options.
#[derive(clap::Args, Debug)]
#[command(after_help = PLAY_EXAMPLES)]
pub struct Args {
    /// Difficulty, 1 (easy) to 8 (hard): the hardest rule the puzzle needs
    /// (1-2 naked singles, 3 hidden singles, 4 locked candidates, 5 subsets,
    /// 6 fish, 7-8 guessing), or 8*L hidden cells with --method transform.
    #[arg(long, short, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=8))]
    level: u8,
    /// The seed of the puzzle (default: from the clock; it is shown on screen).
    #[arg(long)]
    seed: Option<u64>,
    /// How the puzzle is generated.
    #[arg(long, value_enum, default_value_t = MethodArg::Unique)]
    method: MethodArg,
}

/// `--method`, as a command-line value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum MethodArg {
    /// One solution, rated exactly at the level's tier.
    Unique,
    /// The MZ-80B's transformed stored grids with 8*L cells hidden.
    Transform,
}

/// Plays one game, then writes its outcome to `out`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    if !io::stdout().is_terminal() || !io::stdin().is_terminal() {
        return Err(CliError::input(
            "sieve sudoku play needs a terminal (stdin and stdout)",
        ));
    }
    let (width, height) = terminal::size()?;
    if width < MIN_WIDTH || height < MIN_HEIGHT {
        return Err(CliError::input(format!(
            "sieve sudoku play needs a terminal of at least {MIN_WIDTH}x{MIN_HEIGHT}; this one is {width}x{height}"
        )));
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    let level = Level::new(args.level).map_err(CliError::input)?;
    let method = match args.method {
        MethodArg::Unique => Method::Unique,
        MethodArg::Transform => Method::Transform,
    };
    let generated = play::generate(level, method, seed).map_err(CliError::input)?;
    let mut game = Game::from_generated(&generated).map_err(CliError::input)?;
    let title = format!("level {level} · seed {seed}");
    let quit = {
        let _terminal = Terminal::enter()?;
        play_loop(&mut game, &title)?
    };
    writeln!(out, "{}", summary(&game, &title, quit))?;
    Ok(Outcome::Success)
}

/// A seed from the clock, for a new puzzle each run.
fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |time| time.as_secs() ^ u64::from(time.subsec_nanos()))
}

/// The line printed on the main screen after the game.
fn summary(game: &Game, title: &str, quit: bool) -> String {
    let how = match game.status() {
        Status::Won => "won",
        Status::Revealed => "revealed",
        Status::Playing if quit => "quit",
        Status::Playing => "left",
    };
    format!(
        "sudoku {title}: {how} after {}, {}, {}",
        clock(game.elapsed()),
        count(game.mistakes(), "mistake"),
        count(game.hints(), "hint")
    )
}

/// `1 hint`, `2 hints`.
fn count(number: u32, noun: &str) -> String {
    if number == 1 {
        format!("1 {noun}")
    } else {
        format!("{number} {noun}s")
    }
}

/// The terminal in game mode; dropping it restores the terminal, and a panic
/// restores it before the message is printed.
struct Terminal;

impl Terminal {
    fn enter() -> io::Result<Terminal> {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
        terminal::enable_raw_mode()?;
        let terminal = Terminal;
        execute!(io::stdout(), terminal::EnterAlternateScreen, cursor::Hide)?;
        Ok(terminal)
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        restore();
    }
}

/// Puts the terminal back; errors are ignored, as there is nowhere to report them.
fn restore() {
    let _ = execute!(io::stdout(), cursor::Show, terminal::LeaveAlternateScreen);
    let _ = terminal::disable_raw_mode();
}

/// What a key asks of the front end.
enum Action {
    Game(Command),
    /// Switch between the grid of values and the grid of every cell's marks.
    ToggleView,
    Quit,
    QuitNow,
    Nothing,
}

fn action(key: KeyEvent) -> Action {
    let control = key.modifiers.contains(KeyModifiers::CONTROL);
    match key.code {
        KeyCode::Char('c') if control => Action::QuitNow,
        KeyCode::Char('z') if control => Action::Game(Command::Undo),
        KeyCode::Esc => Action::Quit,
        KeyCode::Up => Action::Game(Command::Up),
        KeyCode::Down => Action::Game(Command::Down),
        KeyCode::Left => Action::Game(Command::Left),
        KeyCode::Right => Action::Game(Command::Right),
        KeyCode::Enter => Action::Game(Command::Check),
        KeyCode::Delete | KeyCode::Backspace => Action::Game(Command::Clear),
        KeyCode::Char('v' | 'V') if !control => Action::ToggleView,
        KeyCode::Char(key) if !control => {
            Command::from_char(key, 9).map_or(Action::Nothing, Action::Game)
        }
        _ => Action::Nothing,
    }
}

/// A question the game asks before a key that ends it takes effect.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Asking {
    /// Esc while playing.
    Quit,
    /// R while playing.
    Reveal,
}

/// Reads keys and redraws until the player quits; returns whether they quit
/// before the game ended.
fn play_loop(game: &mut Game, title: &str) -> io::Result<bool> {
    let start = Instant::now();
    let mut asking = None;
    let mut view = View::Values;
    let mut stdout = io::stdout();
    let mut drawn_at = None;
    loop {
        game.tick(start.elapsed().as_secs());
        if drawn_at != Some(game.elapsed()) {
            draw(&mut stdout, game, (title, view), asking)?;
            drawn_at = Some(game.elapsed());
        }
        if !event::poll(Duration::from_millis(250))? {
            continue;
        }
        drawn_at = None;
        let Event::Key(key) = event::read()? else {
            continue;
        };
        if key.kind != KeyEventKind::Press {
            continue;
        }
        let playing = game.status() == Status::Playing;
        match action(key) {
            Action::QuitNow => return Ok(playing),
            Action::Quit if asking == Some(Asking::Quit) || !playing => return Ok(playing),
            Action::Quit => asking = Some(Asking::Quit),
            Action::Game(Command::Reveal) if playing && asking != Some(Asking::Reveal) => {
                asking = Some(Asking::Reveal);
            }
            Action::Game(command) => {
                asking = None;
                game.apply(command);
            }
            Action::ToggleView => {
                asking = None;
                view = view.other();
            }
            Action::Nothing => asking = None,
        }
    }
}

/// Which grid is drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum View {
    /// One line a row of cells, the values (the MZ-80B's grid).
    Values,
    /// Two lines a row of cells, every empty cell's pencil marks in place.
    Marks,
}

impl View {
    fn other(self) -> View {
        match self {
            View::Values => View::Marks,
            View::Marks => View::Values,
        }
    }
}

fn draw(
    out: &mut impl Write,
    game: &Game,
    (title, view): (&str, View),
    asking: Option<Asking>,
) -> io::Result<()> {
    queue!(out, terminal::Clear(ClearType::All), cursor::MoveTo(2, 0))?;
    queue!(out, SetAttribute(Attribute::Bold), Print("SUDOKU-80B"))?;
    queue!(
        out,
        SetAttribute(Attribute::Reset),
        Print(format!("  ·  {title}"))
    )?;
    let (panel_left, message_top, message_lines) = match view {
        View::Values => {
            draw_grid(out, game)?;
            (PANEL_LEFT, MESSAGE_TOP, 5)
        }
        View::Marks => {
            draw_marks_grid(out, game)?;
            (MARKS_PANEL_LEFT, MARKS_MESSAGE_TOP, 1)
        }
    };
    draw_panel(out, game, view, panel_left)?;
    let message = match asking {
        Some(Asking::Quit) => "Quit this game? Esc again quits, any other key goes on.",
        Some(Asking::Reveal) => {
            "Reveal the solution? It ends the game. R again reveals, any other key goes on."
        }
        None => game.message(),
    };
    for (line, text) in wrap(message, 76).iter().take(message_lines).enumerate() {
        queue!(
            out,
            cursor::MoveTo(2, message_top + line as u16),
            Print(text)
        )?;
    }
    out.flush()
}

/// The grid: 9 rows of 3-character cells with box borders (13 lines, 31 columns).
fn draw_grid(out: &mut impl Write, game: &Game) -> io::Result<()> {
    let border = "+---------+---------+---------+";
    let mut line = GRID_TOP;
    for row in 0..9 {
        if row % 3 == 0 {
            queue!(out, cursor::MoveTo(GRID_LEFT, line), Print(border))?;
            line += 1;
        }
        queue!(out, cursor::MoveTo(GRID_LEFT, line))?;
        for col in 0..9 {
            if col % 3 == 0 {
                queue!(out, Print("|"))?;
            }
            let at_cursor = (game.cursor().row, game.cursor().col) == (row, col);
            draw_cell(out, game.cell(row * 9 + col), at_cursor)?;
        }
        queue!(out, Print("|"))?;
        line += 1;
    }
    queue!(out, cursor::MoveTo(GRID_LEFT, line), Print(border))?;
    Ok(())
}

fn draw_cell(out: &mut impl Write, view: CellView, at_cursor: bool) -> io::Result<()> {
    set_cell_style(out, view, at_cursor)?;
    let symbol = match view.value {
        Some(value) => symbols::label(9, value),
        None if view.marks != 0 => ",".to_string(),
        None => ".".to_string(),
    };
    let text = match (view.kind, at_cursor) {
        (_, true) => format!("[{symbol}]"),
        (CellKind::Hinted, _) => format!(" {symbol}'"),
        _ => format!(" {symbol} "),
    };
    queue!(out, Print(text), SetAttribute(Attribute::Reset))?;
    Ok(())
}

/// A cell's colours: who put its value, conflicts, the cursor's value, the cursor.
fn set_cell_style(out: &mut impl Write, view: CellView, at_cursor: bool) -> io::Result<()> {
    let color = match view.kind {
        CellKind::Given => Color::White,
        CellKind::Entry => Color::Cyan,
        CellKind::Hinted => Color::Yellow,
        CellKind::Revealed => Color::Magenta,
        CellKind::Empty => Color::DarkGrey,
    };
    queue!(out, SetForegroundColor(color))?;
    if view.kind == CellKind::Given {
        queue!(out, SetAttribute(Attribute::Bold))?;
    }
    if view.conflict {
        queue!(out, SetBackgroundColor(Color::DarkRed))?;
    } else if view.same_as_cursor {
        queue!(out, SetAttribute(Attribute::Underlined))?;
    }
    if at_cursor {
        queue!(out, SetAttribute(Attribute::Reverse))?;
    }
    Ok(())
}

/// The grid of marks: 9 rows of cells two lines high and five characters wide,
/// marks 1-5 on the first line and 6-9 on the second, each in its place, a
/// value (or `.` for an empty cell without marks) on the first line as `  5  `
/// (` [5] ` at the cursor, which is also drawn reversed) (22 lines, 49 columns).
fn draw_marks_grid(out: &mut impl Write, game: &Game) -> io::Result<()> {
    let border = "+---------------+---------------+---------------+";
    let mut line = MARKS_GRID_TOP;
    for row in 0..9 {
        if row % 3 == 0 {
            queue!(out, cursor::MoveTo(GRID_LEFT, line), Print(border))?;
            line += 1;
        }
        for half in 0..2 {
            queue!(out, cursor::MoveTo(GRID_LEFT, line))?;
            for col in 0..9 {
                if col % 3 == 0 {
                    queue!(out, Print("|"))?;
                }
                let at_cursor = (game.cursor().row, game.cursor().col) == (row, col);
                let view = game.cell(row * 9 + col);
                set_cell_style(out, view, at_cursor)?;
                let text = marks_cell_line(view, at_cursor, half);
                queue!(out, Print(text), SetAttribute(Attribute::Reset))?;
            }
            queue!(out, Print("|"))?;
            line += 1;
        }
    }
    queue!(out, cursor::MoveTo(GRID_LEFT, line), Print(border))?;
    Ok(())
}

/// One line (`half` 0 or 1) of a cell in the grid of marks, five characters.
fn marks_cell_line(view: CellView, at_cursor: bool, half: usize) -> String {
    let (open, close) = if at_cursor { ('[', ']') } else { (' ', ' ') };
    match view.value {
        Some(value) if half == 0 => format!(" {open}{}{close} ", symbols::label(9, value)),
        Some(_) => "     ".to_string(),
        None if view.marks == 0 && half == 0 => format!(" {open}.{close} "),
        None => {
            let values = if half == 0 { 0..5 } else { 5..9 };
            let marks: String = values
                .map(|value| match view.marks >> value & 1 {
                    1 => symbols::label(9, value),
                    _ => " ".to_string(),
                })
                .collect();
            format!("{marks:<5}")
        }
    }
}

/// The status and the keys, right of the grid.
fn draw_panel(out: &mut impl Write, game: &Game, view: View, panel_left: u16) -> io::Result<()> {
    let lines = match view {
        View::Values => panel_lines(game),
        View::Marks => narrow_panel_lines(game),
    };
    for (index, text) in lines.iter().enumerate() {
        queue!(
            out,
            cursor::MoveTo(panel_left, GRID_TOP + index as u16),
            Print(text)
        )?;
    }
    Ok(())
}

/// The panel beside the grid of marks: the status and the keys in 27 columns.
fn narrow_panel_lines(game: &Game) -> Vec<String> {
    vec![
        format!("time {}   {}", clock(game.elapsed()), state_word(game)),
        format!("mistakes {}  hints {}", game.mistakes(), game.hints()),
        format!("checks {}  to fill {}", game.checks(), game.empty_cells()),
        format!("at {}", game.cursor()),
        format!("mode: {}", mode_word(game)),
        String::new(),
        "V back to the values".to_string(),
        "QAOP/arrows move".to_string(),
        "1-9 put   0/Del clear".to_string(),
        "M marks   H hint".to_string(),
        "Enter check   R reveal".to_string(),
        "U undo   Esc quit".to_string(),
    ]
}

/// "playing", "WON" or "revealed".
fn state_word(game: &Game) -> &'static str {
    match game.status() {
        Status::Playing => "playing",
        Status::Won => "WON",
        Status::Revealed => "revealed",
    }
}

/// What the number keys put: values or pencil marks.
fn mode_word(game: &Game) -> &'static str {
    if game.is_marking() {
        "PENCIL MARKS"
    } else {
        "values"
    }
}

/// The status and the keys, right of the grid of values.
fn panel_lines(game: &Game) -> Vec<String> {
    let cursor = game.cursor();
    let view = game.cell(cursor.row * 9 + cursor.col);
    let marks: Vec<String> = (0..9)
        .filter(|value| view.marks >> value & 1 == 1)
        .map(|value| symbols::label(9, value))
        .collect();
    let marks = if marks.is_empty() {
        "-".to_string()
    } else {
        marks.join(" ")
    };
    let conflicts = if game.shows_conflicts() {
        "shown"
    } else {
        "hidden"
    };
    vec![
        format!("time {}   {}", clock(game.elapsed()), state_word(game)),
        format!(
            "mistakes {}   hints {}   checks {}",
            game.mistakes(),
            game.hints(),
            game.checks()
        ),
        format!("cells to fill {}", game.empty_cells()),
        format!("at {cursor}   marks: {marks}"),
        format!("mode: {}   conflicts: {conflicts}", mode_word(game)),
        String::new(),
        "QAOP/arrows move   1-9 put   0/Del clear".to_string(),
        "Enter check   H hint   R reveal".to_string(),
        "U/Ctrl-Z undo   M marks   C conflicts".to_string(),
        "V every cell's marks".to_string(),
        "Esc quit   Ctrl-C quit now".to_string(),
        String::new(),
        "bold: given  cyan: yours  yellow ': hint".to_string(),
        "magenta: revealed  red: conflict  , marks".to_string(),
    ]
}

/// Splits a message into lines of at most `width` characters, at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}
