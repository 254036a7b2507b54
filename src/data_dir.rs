//! Where the game keeps its saves, autosave and settings: the platform's per-user data
//! directory, with a `star-trek-panic` folder in it.
//!
//! | platform | directory |
//! |---|---|
//! | Linux, the BSDs and other Unix | `$XDG_DATA_HOME/star-trek-panic` when `XDG_DATA_HOME` is set to an absolute path, else `$HOME/.local/share/star-trek-panic` |
//! | macOS | `$HOME/Library/Application Support/star-trek-panic` |
//! | Windows | `%APPDATA%\star-trek-panic` |
//!
//! The lookup is a pure function of the environment ([`data_dir_from`], [`data_dir_for`]),
//! so it can be tested without changing the process's environment; [`data_dir`] applies it
//! to the real one.

use std::ffi::OsString;
use std::path::PathBuf;

/// The folder the game creates inside the platform's data directory.
pub const APP_DIR: &str = "star-trek-panic";

/// Which convention decides the data directory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Platform {
    /// The XDG Base Directory specification (Linux, the BSDs and other Unix).
    Xdg,
    /// `~/Library/Application Support`.
    MacOs,
    /// `%APPDATA%` (the roaming application data folder).
    Windows,
}

impl Platform {
    /// The platform this program was built for.
    pub const fn current() -> Platform {
        if cfg!(target_os = "windows") {
            Platform::Windows
        } else if cfg!(target_os = "macos") {
            Platform::MacOs
        } else {
            Platform::Xdg
        }
    }
}

/// The game's data directory from the process's environment; `None` when the environment
/// names none (see [`data_dir_for`]). The directory is not created here: writers create it
/// (`stp_rules::files::write_atomically` creates missing parents).
pub fn data_dir() -> Option<PathBuf> {
    data_dir_from(|name| std::env::var_os(name))
}

/// [`data_dir_for`] on the platform this program was built for, reading variables through
/// `env` (a name to its value, `None` when unset).
pub fn data_dir_from(env: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    data_dir_for(Platform::current(), env)
}

/// The game's data directory on `platform`, reading variables through `env`. A variable set
/// to the empty string counts as unset.
///
/// - [`Platform::Xdg`]: `$XDG_DATA_HOME/star-trek-panic` when `XDG_DATA_HOME` is set and
///   absolute; the specification says a relative value is invalid and must be ignored, so
///   it falls back like an unset one, to `$HOME/.local/share/star-trek-panic`. `None`
///   without a usable `HOME`.
/// - [`Platform::MacOs`]: `$HOME/Library/Application Support/star-trek-panic`; `None`
///   without `HOME`.
/// - [`Platform::Windows`]: `%APPDATA%\star-trek-panic`; `None` without `APPDATA`.
///
/// `HOME` and `APPDATA` are taken as they are (only an empty value is ignored), so that a
/// Windows or macOS answer can be checked on any host. `XDG_DATA_HOME`'s absoluteness is
/// judged by the host's rules, which for the Unix systems it applies to are the right ones.
pub fn data_dir_for(platform: Platform, env: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    let var = |name: &str| env(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    let base = match platform {
        Platform::Windows => var("APPDATA")?,
        Platform::MacOs => var("HOME")?.join("Library").join("Application Support"),
        Platform::Xdg => match var("XDG_DATA_HOME").filter(|p| p.is_absolute()) {
            Some(xdg) => xdg,
            None => var("HOME")?.join(".local").join("share"),
        },
    };
    Some(base.join(APP_DIR))
}
