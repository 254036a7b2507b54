//! Saved games and replays on disk: a format name and version in every file, atomic writes,
//! and loads that refuse anything corrupt, truncated, foreign or newer with a clear message.

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

use crate::actions::{PlayerAction, Refusal};
use crate::events::RulesEvent;
use crate::invariants;
use crate::setup::{GameOptions, SetupError};
use crate::state::GameState;

pub const SAVE_FORMAT: &str = "star-trek-panic-save";
pub const REPLAY_FORMAT: &str = "star-trek-panic-replay";
/// Bump when the files' meaning changes; older readers then refuse newer files.
pub const FORMAT_VERSION: u32 = 1;

/// Why a save, replay or scenario file cannot be read, written or played.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FileError {
    #[error("cannot read or write the file: {0}")]
    Io(String),
    /// The game could not be turned into a file's text; nothing was written.
    #[error("the game cannot be written as a file: {0}")]
    Unwritable(String),
    /// Not JSON, or not the expected shape (truncated files land here).
    #[error("the file is damaged or incomplete: {0}")]
    Corrupt(String),
    /// Some other program's file, or a replay where a save was expected.
    #[error("this is not a {expected} file (it says `{found}`)")]
    Foreign {
        found: String,
        expected: &'static str,
    },
    #[error(
        "the file was written by a newer version (format {found}; this game reads up to {}); \
         update the game to open it",
        FORMAT_VERSION
    )]
    NewerVersion { found: u32 },
    /// The stored hash does not match the stored state: the file was altered or damaged.
    #[error("the file's contents do not match its checksum: it was altered or damaged")]
    HashMismatch,
    /// The stored state breaks the game's invariants.
    #[error("the saved game is not a legal table: {0}")]
    Inconsistent(String),
    /// The setup's message is part of this one, so it is not also reported as the source.
    #[error("the game cannot be set up: {0}")]
    Setup(SetupError),
    /// A replay's action `index` (0-based) was refused.
    #[error("action {index} is illegal: {reason}")]
    IllegalAction { index: usize, reason: Refusal },
    /// A save's actions, played from its start, do not lead to its game.
    #[error("the save's actions do not lead to its game: {0}")]
    ActionsDisagree(String),
    /// A replay played to the end but reached another state.
    #[error("the replay ends in state {actual}, not the recorded {expected}")]
    ReplayDiverged { expected: String, actual: String },
}

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
    /// Who sits in each seat, as the table names it ("human", "ensign", "captain"); saves
    /// from before crewmates have none (everyone is a person).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<String>,
    /// Where the actions start when it is not the new game of `options`: a scenario's or a
    /// lesson's position. Without it, a save with actions starts from `options`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<GameState>,
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
            seats: Vec::new(),
            start: None,
        }
    }

    /// The same save, its actions starting from `start` (a scenario's or a lesson's
    /// position) rather than from the new game of its options.
    pub fn starting_from(self, start: Option<&GameState>) -> Self {
        SaveFile {
            start: start.cloned(),
            ..self
        }
    }

    /// Whether the actions, played from the start, lead to the saved game. The rules are
    /// stepped phase by phase, as a table saves where it stands, which may be part-way
    /// through a turn's automatic phases. A save without actions is its own start.
    pub fn check_actions(&self) -> Result<(), FileError> {
        if self.actions.is_empty() {
            return Ok(());
        }
        let mut state = match &self.start {
            Some(start) => {
                check_table(start).map_err(FileError::Inconsistent)?;
                start.clone()
            }
            None => GameState::new(&self.options).map_err(FileError::Setup)?,
        };
        let target = self.state.state_hash();
        let mut actions = self.actions.iter().enumerate();
        loop {
            let left = actions.len();
            loop {
                if left == 0 && state.state_hash() == target {
                    return Ok(());
                }
                let stepped = state.step();
                state.events.clear();
                if !stepped {
                    break;
                }
            }
            let Some((index, action)) = actions.next() else {
                return Err(FileError::ActionsDisagree(format!(
                    "its {} actions lead to another game than the one saved",
                    self.actions.len()
                )));
            };
            if let Err(reason) = state.act(*action) {
                return Err(FileError::ActionsDisagree(format!(
                    "action {} of {} is illegal there ({reason})",
                    index + 1,
                    self.actions.len()
                )));
            }
            state.events.clear();
        }
    }

    /// The file's text; `Err` when the game cannot be serialized (never an empty text).
    pub fn to_text(&self) -> Result<String, FileError> {
        serde_json::to_string_pretty(self).map_err(|e| FileError::Unwritable(e.to_string()))
    }

    /// Parses and checks a save: head, shape, checksum and invariants.
    pub fn from_text(text: &str) -> Result<SaveFile, FileError> {
        check_head(text, SAVE_FORMAT)?;
        let save: SaveFile =
            serde_json::from_str(text).map_err(|e| FileError::Corrupt(e.to_string()))?;
        if hash_text(save.state.state_hash()) != save.state_hash {
            return Err(FileError::HashMismatch);
        }
        check_table(&save.state).map_err(FileError::Inconsistent)?;
        save.check_actions()?;
        Ok(save)
    }

    pub fn load(path: &Path) -> Result<SaveFile, FileError> {
        let text = read_capped(path)?;
        SaveFile::from_text(&text)
    }

    /// Writes the file atomically; on any error the file at `path` is left as it was.
    pub fn write(&self, path: &Path) -> Result<(), FileError> {
        write_atomically(path, &self.to_text()?)
    }
}

/// Whether a game from outside (a save, or the state a network host sends) can go on the
/// table: its ids in range, then the invariants; `Err` says what is wrong, in words.
pub fn check_table(state: &GameState) -> Result<(), String> {
    if !valid_shape(state) {
        return Err("pieces outside the game".into());
    }
    if let Some(problem) = counters_problem(state) {
        return Err(problem);
    }
    // A name that does not show plainly could pass for another player's in the talk.
    if let Some(problem) = state
        .players
        .iter()
        .find_map(|p| crate::setup::name_problem(&p.name))
    {
        return Err(problem);
    }
    let problems = invariants::check(state);
    if !problems.is_empty() {
        return Err(problems.join("; "));
    }
    Ok(())
}

/// The turn's counters within what a game can reach: a hostile host's state or an edited save
/// could hold any number, and the rules count on from them (the second security review's
/// F14). The bounds are generous; the rules' own arithmetic saturates besides.
fn counters_problem(state: &GameState) -> Option<String> {
    let turn = &state.turn;
    let players = state.players.len() as u32;
    let boarding = match &turn.window {
        Some(crate::state::Window::Boarding {
            boarders,
            reduction,
        }) => {
            let total: u32 = boarders.iter().map(|b| u32::from(b.damage)).sum();
            u32::from(*reduction) <= total && boarders.len() <= 6
        }
        _ => true,
    };
    let fine = turn.number <= MAX_TURNS
        && turn.extra_maneuvers <= MAX_EXTRA_MANEUVERS
        && turn.maneuvers <= 2 + turn.extra_maneuvers
        && turn.trades <= 2
        && turn.idle_turns <= crate::phases::STALEMATE_ROUNDS * players
        && boarding;
    (!fine).then(|| {
        format!(
            "the turn's counters are out of the game's bounds (turn {}, maneuvers {} of {} extra, \
             trades {}, idle turns {})",
            turn.number, turn.maneuvers, turn.extra_maneuvers, turn.trades, turn.idle_turns
        )
    })
}

/// More turns than any game lasts (the stalemate rule ends a game long before).
const MAX_TURNS: u32 = 100_000;

/// More Evasive Maneuvers than a turn can play.
const MAX_EXTRA_MANEUVERS: u8 = 20;

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

    /// The file's text; `Err` when the game cannot be serialized (never an empty text).
    pub fn to_text(&self) -> Result<String, FileError> {
        serde_json::to_string_pretty(self).map_err(|e| FileError::Unwritable(e.to_string()))
    }

    pub fn from_text(text: &str) -> Result<ReplayFile, FileError> {
        check_head(text, REPLAY_FORMAT)?;
        serde_json::from_str(text).map_err(|e| FileError::Corrupt(e.to_string()))
    }

    pub fn load(path: &Path) -> Result<ReplayFile, FileError> {
        let text = read_capped(path)?;
        ReplayFile::from_text(&text)
    }

    /// Writes the file atomically; on any error the file at `path` is left as it was.
    pub fn write(&self, path: &Path) -> Result<(), FileError> {
        write_atomically(path, &self.to_text()?)
    }

    /// Plays the replay headless. `Ok` only when every action is legal and the final hash
    /// matches; the state reached is returned either way where there is one.
    pub fn run(&self) -> (Option<GameState>, Result<(), FileError>) {
        self.run_observed(&mut |_, _| {})
    }

    /// `run`, showing `observe` the events of the setup and of each action in turn, with the
    /// state they led to (`replay --log` prints them).
    pub fn run_observed(
        &self,
        observe: &mut dyn FnMut(&GameState, &[RulesEvent]),
    ) -> (Option<GameState>, Result<(), FileError>) {
        let mut state = match GameState::new(&self.options) {
            Ok(state) => state,
            Err(e) => return (None, Err(FileError::Setup(e))),
        };
        state.advance();
        observe(&state, &state.events);
        state.events.clear();
        for (index, action) in self.actions.iter().enumerate() {
            if let Err(reason) = state.act(*action) {
                return (Some(state), Err(FileError::IllegalAction { index, reason }));
            }
            state.advance();
            observe(&state, &state.events);
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

/// Writes a file so that a crash never leaves it half-written: a fresh temporary file beside
/// it (`fresh_temp`), flushed, then renamed over the old one. On any error the file at `path`
/// is left as it was, and a temporary file this call created is removed.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), FileError> {
    use std::io::Write;
    let io = |e: std::io::Error| FileError::Io(format!("{}: {e}", path.display()));
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let (temp, mut file) = fresh_temp(path).map_err(io)?;
    let written = file
        .write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .and_then(|()| {
            drop(file);
            std::fs::rename(&temp, path)
        });
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temp);
        return Err(io(e));
    }
    Ok(())
}

/// A temporary file beside `path` under a name no one could have planted: made new and
/// exclusively (never following a link that waits there), readable by its owner only, as
/// saves and settings hold join codes.
fn fresh_temp(path: &Path) -> std::io::Result<(PathBuf, std::fs::File)> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static MADE: AtomicU64 = AtomicU64::new(0);
    let mut last = None;
    for _ in 0..16 {
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let mut name = path.as_os_str().to_owned();
        name.push(format!(
            ".{}-{}-{stamp:08x}.tmp",
            std::process::id(),
            MADE.fetch_add(1, Ordering::Relaxed)
        ));
        let temp = PathBuf::from(name);
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        match options.open(&temp) {
            Ok(file) => return Ok((temp, file)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no temporary name")))
}

/// The largest save, replay or scenario file the game opens: far above any real game's (a
/// long game's replay is a few hundred kilobytes), far below what would strain memory.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// A file's text, refused with a message when it is larger than `MAX_FILE_BYTES`.
pub fn read_capped(path: &Path) -> Result<String, FileError> {
    use std::io::Read;
    let io = |e: std::io::Error| FileError::Io(format!("{}: {e}", path.display()));
    let file = std::fs::File::open(path).map_err(io)?;
    let mut text = String::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(io)?;
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(FileError::Io(format!(
            "{}: larger than {} MiB: not a file this game wrote",
            path.display(),
            MAX_FILE_BYTES / (1024 * 1024)
        )));
    }
    Ok(text)
}
