//! An iroh relay for the network tests: iroh's own `iroh-relay` server, plain HTTP as its
//! `--dev` mode runs it, on a thread of the test's process that has entered one of the
//! test's network namespaces. Nothing here reaches outside this machine.

use std::net::SocketAddr;
use std::sync::mpsc;
use std::time::Duration;

/// The longest a relay runs, whatever happens to the test that started it.
const AT_MOST: Duration = Duration::from_secs(600);

/// A relay running until dropped (or for ten minutes at most).
pub struct TestRelay {
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl TestRelay {
    /// A relay listening on `address` inside the network namespace `namespace` (a name
    /// under `/run/netns`, as `ip netns add` makes); `Err` says why it did not start.
    pub fn start(namespace: &str, address: SocketAddr) -> Result<TestRelay, String> {
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let (ready, started) = mpsc::channel::<Result<(), String>>();
        let path = format!("/run/netns/{namespace}");
        let thread = std::thread::spawn(move || {
            let running = enter_namespace(&path).and_then(|()| {
                tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .map_err(|e| e.to_string())
            });
            match running {
                Ok(runtime) => runtime.block_on(serve(address, ready, stopped, AT_MOST)),
                Err(e) => {
                    let _ = ready.send(Err(e));
                }
            }
        });
        let said = started
            .recv_timeout(Duration::from_secs(30))
            .map_err(|_| "the relay did not start within 30 s".to_string())
            .and_then(|r| r);
        let relay = TestRelay {
            stop: Some(stop),
            thread: Some(thread),
        };
        said.map(|()| relay)
    }
}

/// Runs a relay on `address` in this process's namespace for `how_long` (the
/// `stp-test-relay` command, for a game by hand through a relay); `Err` when it cannot start.
pub fn run(address: SocketAddr, how_long: Duration) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let (ready, started) = mpsc::channel::<Result<(), String>>();
    let (_stop, stopped) = tokio::sync::oneshot::channel::<()>();
    runtime.block_on(serve(address, ready, stopped, how_long));
    started
        .recv()
        .unwrap_or_else(|_| Err("the relay did not start".into()))
}

/// Runs the relay until told to stop, or for `how_long`.
async fn serve(
    address: SocketAddr,
    ready: mpsc::Sender<Result<(), String>>,
    stopped: tokio::sync::oneshot::Receiver<()>,
    how_long: Duration,
) {
    let mut config = iroh_relay::server::ServerConfig::default();
    config.relay = Some(iroh_relay::server::RelayConfig::new(address));
    match iroh_relay::server::Server::spawn(config).await {
        Ok(server) => {
            let _ = ready.send(Ok(()));
            let _ = tokio::time::timeout(how_long, stopped).await;
            let _ = server.shutdown().await;
        }
        Err(e) => {
            let _ = ready.send(Err(format!("the relay cannot start: {e}")));
        }
    }
}

impl Drop for TestRelay {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// This thread (only) enters the network namespace at `path`: what it binds from now on,
/// and the threads it starts, are that namespace's.
fn enter_namespace(path: &str) -> Result<(), String> {
    use std::os::fd::AsRawFd;
    let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
    // SAFETY: setns(2) with a descriptor held open for the call; it changes the calling
    // thread's network namespace and nothing else.
    let done = unsafe { libc::setns(file.as_raw_fd(), libc::CLONE_NEWNET) };
    if done != 0 {
        return Err(format!("setns {path}: {}", std::io::Error::last_os_error()));
    }
    Ok(())
}
