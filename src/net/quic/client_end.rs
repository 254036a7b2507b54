//! The client's end of the transport: dials the host named by an invite, proves the invite's
//! secret, then carries whole messages both ways through plain queues. TLS proves the host
//! holds the invite's key; what it sends is still checked by the table before it is shown.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use iroh::endpoint::{Connection, VarInt};
use tokio::sync::mpsc;

use super::host_end::{ADMISSION, ADMITTED};
use super::{
    Bell, Doorbell, Invite, LinkPath, Relay, bell, closed_because, read_frame, runtime, write_frame,
};
use crate::net::protocol::MAX_MESSAGE_BYTES;

/// Messages from the host waiting for the table: more wait in QUIC's window, held back.
const INBOX: usize = 256;

/// Where the link stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stage {
    Connecting,
    Linked,
    /// Gone, and why.
    Gone(String),
}

pub(crate) struct ClientEnd {
    stage: Arc<Mutex<Stage>>,
    connection: Arc<Mutex<Option<Connection>>>,
    inbox: mpsc::Receiver<Vec<u8>>,
    outbox: mpsc::UnboundedSender<Vec<u8>>,
    doorbell: Doorbell,
}

impl ClientEnd {
    /// Starts dialling the invite's host from `local` (port 0: any), giving up after
    /// `within`.
    pub fn open(invite: &Invite, local: SocketAddr, within: Duration) -> ClientEnd {
        let stage = Arc::new(Mutex::new(Stage::Connecting));
        let connection = Arc::new(Mutex::new(None));
        let (to_table, inbox) = mpsc::channel(INBOX);
        let (outbox, from_table) = mpsc::unbounded_channel();
        let (bell, doorbell) = bell();
        let task = {
            let (stage, connection, invite) = (stage.clone(), connection.clone(), invite.clone());
            async move {
                let linked = tokio::time::timeout(within, link(&invite, local)).await;
                let (endpoint, connection_now, send, recv) = match linked {
                    Ok(Ok(parts)) => parts,
                    Ok(Err(why)) => {
                        set(&stage, Stage::Gone(why));
                        return bell.ring();
                    }
                    Err(_) => {
                        let why = format!(
                            "no answer from the host within {} s: is the game still hosted, \
                             and the invite whole?",
                            within.as_secs()
                        );
                        set(&stage, Stage::Gone(why));
                        return bell.ring();
                    }
                };
                *connection.lock().unwrap_or_else(|p| p.into_inner()) =
                    Some(connection_now.clone());
                set(&stage, Stage::Linked);
                bell.ring();
                tokio::spawn(write_host(send, from_table, connection_now.clone()));
                let why = read_host(recv, to_table, connection_now, &bell).await;
                set(&stage, Stage::Gone(why));
                bell.ring();
                endpoint.close().await;
            }
        };
        runtime().spawn(task);
        ClientEnd {
            stage,
            connection,
            inbox,
            outbox,
            doorbell,
        }
    }

    pub fn stage(&self) -> Stage {
        self.stage.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Waits until a message comes or the link's stage changes, at most `up_to`.
    pub fn wait(&self, up_to: Duration) {
        self.doorbell.wait(up_to);
    }

    /// Whether every message that arrived has been taken (a link gone is reported only
    /// then, so the host's last words, a refusal or the game's end, are read first).
    pub fn drained(&self) -> bool {
        self.inbox.is_empty()
    }

    /// The host's messages that arrived.
    pub fn receive(&mut self) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        while let Ok(bytes) = self.inbox.try_recv() {
            out.push(bytes);
        }
        out
    }

    /// Queues a message (sent at once by the link's task).
    pub fn send(&self, bytes: Vec<u8>) {
        let _ = self.outbox.send(bytes);
    }

    /// How the link reaches the host now.
    pub fn path(&self) -> Option<LinkPath> {
        let connection = self.connection.lock().unwrap_or_else(|p| p.into_inner());
        connection.as_ref().and_then(LinkPath::of)
    }

    /// Tells the host we are going.
    pub fn close(&self) {
        let connection = self.connection.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(connection) = connection.as_ref() {
            connection.close(VarInt::from_u32(0), b"it left");
        }
    }
}

impl Drop for ClientEnd {
    fn drop(&mut self) {
        self.close();
    }
}

fn set(stage: &Mutex<Stage>, to: Stage) {
    *stage.lock().unwrap_or_else(|p| p.into_inner()) = to;
}

/// The endpoint, the connection, the stream and the secret; the host's `ADMITTED`.
async fn link(
    invite: &Invite,
    local: SocketAddr,
) -> Result<
    (
        iroh::Endpoint,
        Connection,
        iroh::endpoint::SendStream,
        iroh::endpoint::RecvStream,
    ),
    String,
> {
    let relay = invite
        .relay()
        .map_or(Relay::Off, |url| Relay::At(url.clone()));
    let endpoint = super::bind_at(local, None, &relay, false).await?;
    let connection = endpoint
        .connect(invite.host.clone(), super::ALPN)
        .await
        .map_err(|e| format!("the host cannot be reached: {e}"))?;
    let (mut send, mut recv) = connection
        .open_bi()
        .await
        .map_err(|e| closed_because_or(&connection, e.to_string()))?;
    let mut admission = ADMISSION.to_vec();
    admission.extend_from_slice(invite.code.as_bytes());
    write_frame(&mut send, &admission)
        .await
        .map_err(|e| closed_because_or(&connection, e))?;
    match read_frame(&mut recv, 64).await {
        Ok(Some(answer)) if answer == ADMITTED => Ok((endpoint, connection, send, recv)),
        Ok(_) => Err(after_close(&connection).await),
        Err(e) => Err(closed_because_or(&connection, e)),
    }
}

fn closed_because_or(connection: &Connection, otherwise: String) -> String {
    connection
        .close_reason()
        .map_or(otherwise, |e| closed_because(&e))
}

/// Why the host closed, once its close has arrived (a moment after its stream ended).
async fn after_close(connection: &Connection) -> String {
    match tokio::time::timeout(Duration::from_secs(2), connection.closed()).await {
        Ok(e) => closed_because(&e),
        Err(_) => "the host ended the link".to_string(),
    }
}

/// The host's messages to the table's queue; why the link ended.
async fn read_host(
    mut recv: iroh::endpoint::RecvStream,
    to_table: mpsc::Sender<Vec<u8>>,
    connection: Connection,
    bell: &Bell,
) -> String {
    loop {
        match read_frame(&mut recv, MAX_MESSAGE_BYTES).await {
            Ok(Some(bytes)) => {
                if to_table.send(bytes).await.is_err() {
                    return "the table closed".to_string();
                }
                bell.ring();
            }
            Ok(None) => return after_close(&connection).await,
            Err(e) => {
                let why = closed_because_or(&connection, e);
                connection.close(VarInt::from_u32(1), why.as_bytes());
                return why;
            }
        }
    }
}

async fn write_host(
    mut send: iroh::endpoint::SendStream,
    mut from_table: mpsc::UnboundedReceiver<Vec<u8>>,
    connection: Connection,
) {
    while let Some(bytes) = from_table.recv().await {
        if write_frame(&mut send, &bytes).await.is_err() {
            return;
        }
    }
    let _ = send.finish();
    let _ = tokio::time::timeout(Duration::from_secs(1), send.stopped()).await;
    connection.close(VarInt::from_u32(0), b"it left");
}
