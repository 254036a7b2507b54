//! `stp-test-relay ADDRESS [MINUTES]`: iroh's relay server on `ADDRESS` (plain HTTP, as
//! `iroh-relay --dev`) for `MINUTES` (60 unless said), in the network namespace it is started
//! in (`ip netns exec NAME stp-test-relay …`): a game by hand through a relay, on one machine.

use std::time::Duration;

fn main() {
    let mut args = std::env::args().skip(1);
    let address = args.next().and_then(|a| a.parse().ok());
    let minutes = args.next().map_or(Some(60), |m| m.parse::<u64>().ok());
    let (Some(address), Some(minutes)) = (address, minutes) else {
        eprintln!("usage: stp-test-relay ADDRESS:PORT [MINUTES]");
        std::process::exit(2);
    };
    eprintln!("relay: http://{address} for {minutes} minutes");
    if let Err(e) = stp_test_relay::run(address, Duration::from_secs(minutes * 60)) {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}
