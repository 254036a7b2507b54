//! Saved games and replays on disk: a format name and version in every file, atomic writes,
//! and loads that refuse anything corrupt, truncated, foreign or newer with a clear message.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};

use crate::actions::{PlayerAction, Refusal};
use crate::invariants;
use crate::setup::{GameOptions, SetupError};
use crate::state::GameState;

pub const SAVE_FORMAT: &str = "star-trek-panic-save";
pub const REPLAY_FORMAT: &str = "star-trek-panic-replay";
/// Bump when the files' meaning changes; older readers then refuse newer files.
pub const FORMAT_VERSION: u32 = 1;

#[derive(Debug, Clone, PartialEq)]
pub enum FileError {
    Io(String),
    /// Not JSON, or not the expected shape (truncated files land here).
    Corrupt(String),
    /// Some other program's file, or a replay where a save was expected.
    Foreign {
        found: String,
        expected: &'static str,
    },
    NewerVersion {
        found: u32,
    },
    /// The stored hash does not match the stored state: the file was altered or damaged.
    HashMismatch,
    /// The stored state breaks the game's invariants.
    Inconsistent(String),
    Setup(SetupError),
    /// A replay's action `index` (0-based) was refused.
    IllegalAction {
        index: usize,
        reason: Refusal,
    },
    /// A replay played to the end but reached another state.
    ReplayDiverged {
        expected: String,
        actual: String,
    },
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Io(e) => write!(f, "cannot read or write the file: {e}"),
            FileError::Corrupt(e) => write!(f, "the file is damaged or incomplete: {e}"),
            FileError::Foreign { found, expected } => {
                write!(f, "this is not a {expected} file (it says `{found}`)")
            }
            FileError::NewerVersion { found } => write!(
                f,
                "the file was written by a newer version (format {found}; this game reads up \
                 to {FORMAT_VERSION}); update the game to open it"
            ),
            FileError::HashMismatch => {
                write!(
                    f,
                    "the file's contents do not match its checksum: it was altered or damaged"
                )
            }
            FileError::Inconsistent(e) => write!(f, "the saved game is not a legal table: {e}"),
            FileError::Setup(e) => write!(f, "the game cannot be set up: {e}"),
            FileError::IllegalAction { index, reason } => {
                write!(f, "action {index} is illegal: {reason}")
            }
            FileError::ReplayDiverged { expected, actual } => write!(
                f,
                "the replay ends in state {actual}, not the recorded {expected}"
            ),
        }
    }
}

impl std::error::Error for FileError {}

/// A hash as it is written in files: 16 hex digits (JSON numbers lose precision past 2^53).
pub fn hash_text(hash: u64) -> String {
    format!("{hash:016x}")
}

/// The head every file starts with, read first so foreign and newer files get a clear refusal
/// before the body's shape is checked.
#[derive(Deserialize)]
struct Head {
    format: String,
    version: u32,
}

fn check_head(text: &str, expected: &'static str) -> Result<(), FileError> {
    let head: Head = serde_json::from_str(text).map_err(|e| {
        if text.trim_start().starts_with('{') {
            FileError::Corrupt(e.to_string())
        } else {
            FileError::Foreign {
                found: "not a game file".into(),
                expected,
            }
        }
    })?;
    if head.format != expected {
        return Err(FileError::Foreign {
            found: head.format,
            expected,
        });
    }
    if head.version > FORMAT_VERSION {
        return Err(FileError::NewerVersion {
            found: head.version,
        });
    }
    Ok(())
}

/// A game in progress: its setup, the actions so far and the state they led to.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SaveFile {
    pub format: String,
    pub version: u32,
    pub options: GameOptions,
    pub actions: Vec<PlayerAction>,
    pub state: GameState,
    pub state_hash: String,
}

impl SaveFile {
    pub fn new(options: &GameOptions, actions: &[PlayerAction], state: &GameState) -> Self {
        SaveFile {
            format: SAVE_FORMAT.into(),
            version: FORMAT_VERSION,
            options: options.clone(),
            actions: actions.to_vec(),
            state: state.clone(),
            state_hash: hash_text(state.state_hash()),
        }
    }

    pub fn to_text(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Parses and checks a save: head, shape, checksum and invariants.
    pub fn from_text(text: &str) -> Result<SaveFile, FileError> {
        check_head(text, SAVE_FORMAT)?;
        let save: SaveFile =
            serde_json::from_str(text).map_err(|e| FileError::Corrupt(e.to_string()))?;
        if hash_text(save.state.state_hash()) != save.state_hash {
            return Err(FileError::HashMismatch);
        }
        if !valid_shape(&save.state) {
            return Err(FileError::Inconsistent("pieces outside the game".into()));
        }
        let problems = invariants::check(&save.state);
        if !problems.is_empty() {
            return Err(FileError::Inconsistent(problems.join("; ")));
        }
        Ok(save)
    }

    pub fn load(path: &Path) -> Result<SaveFile, FileError> {
        let text = std::fs::read_to_string(path).map_err(|e| FileError::Io(e.to_string()))?;
        SaveFile::from_text(&text)
    }

    pub fn write(&self, path: &Path) -> Result<(), FileError> {
        write_atomically(path, &self.to_text())
    }
}

/// Ids and counts that the rest of the engine indexes by must be in range before anything
/// else reads the state.
fn valid_shape(state: &GameState) -> bool {
    let content = crate::content::builtin();
    let players = state.players.len();
    (1..=6).contains(&players)
        && (state.turn.active as usize) < players
        && state
            .players
            .iter()
            .all(|p| (p.character as usize) < content.characters.len())
        && state
            .mission
            .as_ref()
            .is_none_or(|m| (m.mission as usize) < content.missions.len())
        && state
            .mission_deck
            .iter()
            .chain(&state.completed_missions)
            .all(|m| (*m as usize) < content.missions.len())
        && state
            .mission_tokens
            .iter()
            .all(|t| (t.token as usize) < content.mission_tokens.len() && t.pos.sector < 6)
        && state
            .threats
            .iter()
            .all(|t| t.pos.sector < 6 && (t.token as usize) < content.threats.len())
        && match &state.turn.window {
            Some(crate::state::Window::SpockChoice { drawn }) => {
                drawn.len() == 3 && drawn.iter().all(|t| (*t as usize) < content.threats.len())
            }
            Some(crate::state::Window::Boarding { boarders, .. }) => boarders
                .iter()
                .all(|b| (b.token as usize) < content.threats.len() && b.facing < 6),
            None => true,
        }
        && state.enterprise.heading < 6
}

/// A whole game: setup, seed and every action, with the hash it must end in.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ReplayFile {
    pub format: String,
    pub version: u32,
    pub options: GameOptions,
    pub actions: Vec<PlayerAction>,
    pub final_hash: String,
}

impl ReplayFile {
    pub fn new(options: &GameOptions, actions: &[PlayerAction], final_hash: u64) -> Self {
        ReplayFile {
            format: REPLAY_FORMAT.into(),
            version: FORMAT_VERSION,
            options: options.clone(),
            actions: actions.to_vec(),
            final_hash: hash_text(final_hash),
        }
    }

    pub fn to_text(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    pub fn from_text(text: &str) -> Result<ReplayFile, FileError> {
        check_head(text, REPLAY_FORMAT)?;
        serde_json::from_str(text).map_err(|e| FileError::Corrupt(e.to_string()))
    }

    pub fn load(path: &Path) -> Result<ReplayFile, FileError> {
        let text = std::fs::read_to_string(path).map_err(|e| FileError::Io(e.to_string()))?;
        ReplayFile::from_text(&text)
    }

    pub fn write(&self, path: &Path) -> Result<(), FileError> {
        write_atomically(path, &self.to_text())
    }

    /// Plays the replay headless. `Ok` only when every action is legal and the final hash
    /// matches; the state reached is returned either way where there is one.
    pub fn run(&self) -> (Option<GameState>, Result<(), FileError>) {
        let mut state = match GameState::new(&self.options) {
            Ok(state) => state,
            Err(e) => return (None, Err(FileError::Setup(e))),
        };
        state.advance();
        state.events.clear();
        for (index, action) in self.actions.iter().enumerate() {
            if let Err(reason) = state.act(*action) {
                return (Some(state), Err(FileError::IllegalAction { index, reason }));
            }
            state.advance();
            state.events.clear();
        }
        let actual = hash_text(state.state_hash());
        if actual != self.final_hash {
            let expected = self.final_hash.clone();
            return (
                Some(state),
                Err(FileError::ReplayDiverged { expected, actual }),
            );
        }
        (Some(state), Ok(()))
    }
}

/// Writes a file so that a crash never leaves it half-written: a temporary file beside it,
/// flushed, then renamed over the old one.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), FileError> {
    use std::io::Write;
    let io = |e: std::io::Error| FileError::Io(format!("{}: {e}", path.display()));
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let mut temp = path.as_os_str().to_owned();
    temp.push(".tmp");
    let temp = PathBuf::from(temp);
    let mut file = std::fs::File::create(&temp).map_err(io)?;
    file.write_all(text.as_bytes()).map_err(io)?;
    file.sync_all().map_err(io)?;
    drop(file);
    std::fs::rename(&temp, path).map_err(io)
}

/// The platform's data directory for the game: `$XDG_DATA_HOME/star-trek-panic` or
/// `~/.local/share/star-trek-panic` on Linux, Application Support on macOS, `%APPDATA%` on
/// Windows.
pub fn data_dir() -> Option<PathBuf> {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let base = if cfg!(target_os = "windows") {
        env("APPDATA")
    } else if cfg!(target_os = "macos") {
        env("HOME").map(|h| h.join("Library/Application Support"))
    } else {
        env("XDG_DATA_HOME").or_else(|| env("HOME").map(|h| h.join(".local/share")))
    };
    base.map(|b| b.join("star-trek-panic"))
}
