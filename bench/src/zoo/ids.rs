//! Game IDs for a run: read from a file (one a line, as `sieve --file` reads
//! them) or made fresh by Tatham's own generator, and saved for reuse.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::puzzle::ZooPuzzle;

/// Why no IDs could be had.
#[derive(Debug, thiserror::Error)]
pub enum IdError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A line is not a game ID (`params:description`).
    #[error("{path}: line {line}: `{text}` is not a game ID (params:description)")]
    NotAnId {
        /// The file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// What the line holds.
        text: String,
    },
    /// The file holds no ID.
    #[error("{0}: no game IDs in the file")]
    Empty(PathBuf),
    /// The generator could not be run or failed.
    #[error("{program}: {reason}")]
    Generator {
        /// The generator's path.
        program: PathBuf,
        /// What went wrong.
        reason: String,
    },
}

/// The IDs of a file: one a line, blank lines and `#` comments skipped, each
/// checked to be `params:description`.
pub fn read_ids(path: &Path) -> Result<Vec<String>, IdError> {
    let text = std::fs::read_to_string(path).map_err(|source| IdError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let mut ids = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if !is_game_id(line) {
            return Err(IdError::NotAnId {
                path: path.to_path_buf(),
                line: index + 1,
                text: line.to_string(),
            });
        }
        ids.push(line.to_string());
    }
    if ids.is_empty() {
        return Err(IdError::Empty(path.to_path_buf()));
    }
    Ok(ids)
}

/// `count` fresh IDs from `<games_dir>/sgt-<puzzle> --generate count params`.
/// Every line it prints must be a game ID: given bad parameters the generator
/// may print something else, which is refused here rather than handed on.
pub fn generate_ids(
    games_dir: &Path,
    puzzle: ZooPuzzle,
    count: usize,
    params: &str,
) -> Result<Vec<String>, IdError> {
    let program = games_dir.join(format!("sgt-{}", puzzle.name()));
    let failed = |reason: String| IdError::Generator {
        program: program.clone(),
        reason,
    };
    let output = Command::new(&program)
        .arg("--generate")
        .arg(count.to_string())
        .arg(params)
        .output()
        .map_err(|error| {
            failed(format!(
                "{error} (Tatham's games come with `apt-get install sgt-puzzles`)"
            ))
        })?;
    if !output.status.success() {
        return Err(failed(format!(
            "{}: {}",
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        )));
    }
    let text = String::from_utf8_lossy(&output.stdout);
    let ids: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .map(str::to_string)
        .collect();
    if let Some(bad) = ids.iter().find(|id| !is_game_id(id)) {
        return Err(failed(format!(
            "printed `{bad}`, not a game ID: are `{params}` parameters of {}?",
            puzzle.name()
        )));
    }
    if ids.len() != count {
        return Err(failed(format!("printed {} IDs, not {count}", ids.len())));
    }
    Ok(ids)
}

/// Writes IDs one a line under `# ` comment lines, so that `--file` (and
/// `sieve --file`) read them back.
pub fn write_ids(path: &Path, comments: &[String], ids: &[String]) -> Result<(), IdError> {
    let mut text = String::new();
    for comment in comments {
        text.push_str("# ");
        text.push_str(comment);
        text.push('\n');
    }
    for id in ids {
        text.push_str(id);
        text.push('\n');
    }
    std::fs::write(path, text).map_err(|source| IdError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// Whether a line looks like a game ID: parameters, a colon, a description.
fn is_game_id(line: &str) -> bool {
    line.split_once(':')
        .is_some_and(|(params, description)| !params.is_empty() && !description.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_back_what_it_writes_skipping_comments() {
        let path = std::env::temp_dir().join(format!("zoo-ids-{}.txt", std::process::id()));
        let ids = vec!["4:a_7a3_aac_,d2m4m6s1s2a9d2".to_string(), "3:x".to_string()];
        write_ids(&path, &["made by a test".to_string()], &ids).unwrap();
        assert_eq!(read_ids(&path).unwrap(), ids);
        std::fs::write(&path, "# a comment\n\n4:abc\n7x7\n").unwrap();
        let error = read_ids(&path).unwrap_err().to_string();
        assert!(
            error.contains("line 4") && error.contains("`7x7`"),
            "{error}"
        );
        std::fs::write(&path, "# only a comment\n").unwrap();
        assert!(matches!(read_ids(&path), Err(IdError::Empty(_))));
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn tells_ids_from_bare_params() {
        assert!(is_game_id("3x3:d9a1_8"));
        assert!(!is_game_id("3x3de"));
        assert!(!is_game_id("3x3:"));
        assert!(!is_game_id(":abc"));
    }
}
