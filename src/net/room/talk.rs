//! What the host's room does with talk: chat lines shown plainly, the talk limit, and what a
//! watcher may send.

use std::time::Instant;

use super::{Incoming, Room};
use crate::net::protocol::{MAX_CHAT_CHARS, ToClient, ToHost, shows_plainly};

/// Chat lines and pings one client may send in `TALK_WINDOW`: enough for a quick exchange,
/// too few to flood the others' talk panel or table. More are refused without a strike (a
/// keen talker is no attacker; a real flood meets `MAX_MESSAGES_PER_SECOND`), and the host
/// logs the first of them.
pub(crate) const MAX_TALK: usize = 10;
pub(crate) const TALK_WINDOW: std::time::Duration = std::time::Duration::from_secs(10);

impl Room {
    /// What a watcher may do: talk, and ask for the game again. Playing, pointing and
    /// taking a seat are refused (a person who wants a seat joins again).
    pub(super) fn receive_from_watcher(
        &mut self,
        client: u64,
        watcher: u8,
        message: ToHost,
    ) -> Option<Incoming> {
        match message {
            ToHost::Watch | ToHost::Sync => Some(Incoming::Watch { client }),
            ToHost::Say { text } => {
                if !self.talk_allowed(client) {
                    return None;
                }
                let text = self.chat_line(client, &text)?;
                self.tell_table(&ToClient::WatcherSaid {
                    watcher,
                    text: text.clone(),
                });
                Some(Incoming::WatcherSaid { watcher, text })
            }
            ToHost::Hello { .. }
            | ToHost::Act { .. }
            | ToHost::Ping { .. }
            | ToHost::Answer { .. } => {
                let reason = "a watcher has no seat: join again to play".to_string();
                self.refuse(client, reason);
                None
            }
        }
    }

    /// A chat line as the table may show it: characters that show plainly only, so a line
    /// cannot forge the log or the screen (no control codes, no bidi overrides); `None`
    /// (refused) when it is empty or too long.
    pub(super) fn chat_line(&mut self, client: u64, text: &str) -> Option<String> {
        let plain: String = text.chars().filter(|c| shows_plainly(*c)).collect();
        let text = plain.trim().to_string();
        if text.is_empty() || text.chars().count() > MAX_CHAT_CHARS {
            let reason = format!("a chat line is 1–{MAX_CHAT_CHARS} characters");
            self.refuse(client, reason);
            return None;
        }
        Some(text)
    }

    /// Whether `client` may say or ping once more now; if not, it is told to slow down
    /// (no strike).
    pub(super) fn talk_allowed(&mut self, client: u64) -> bool {
        if self.may_talk(client) {
            return true;
        }
        let reason = format!(
            "slow down: at most {MAX_TALK} chat lines and pings in {} s",
            TALK_WINDOW.as_secs()
        );
        // Logged once a window (not once ever, as other quiet refusals are).
        if !std::mem::replace(&mut self.talk.entry(client).or_default().1, true) {
            self.log(&format!("refused client {client} (no strike): {reason}"));
        }
        self.send(client, &ToClient::Refused { reason });
        false
    }

    /// Whether `client` may say or ping once more now (and counts it if so).
    fn may_talk(&mut self, client: u64) -> bool {
        let (recent, told) = self.talk.entry(client).or_default();
        while recent.front().is_some_and(|at| at.elapsed() >= TALK_WINDOW) {
            recent.pop_front();
        }
        if recent.len() >= MAX_TALK {
            return false;
        }
        recent.push_back(Instant::now());
        *told = false;
        true
    }
}
