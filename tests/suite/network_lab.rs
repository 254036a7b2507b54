//! A small network lab for the tests that cross machines: network namespaces made by the test
//! (as root), joined by veth pairs, with routes, forwarding and NAT of their own, and an iroh
//! relay run inside one of them (`stp_test_relay`). Everything goes when the lab is dropped; nothing reaches
//! outside this machine.

use std::process::{Child, Command, Stdio};

/// Runs `ip` (iproute2) and insists that it worked.
pub(crate) fn ip(args: &[&str]) {
    run("ip", args, None);
}

fn run(program: &str, args: &[&str], input: Option<&str>) {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{program} (installed by scripts/setup.sh): {e}"));
    if let (Some(text), Some(mut stdin)) = (input, child.stdin.take()) {
        use std::io::Write;
        stdin.write_all(text.as_bytes()).expect("write to stdin");
    }
    let out = child.wait_with_output().expect("wait");
    assert!(
        out.status.success(),
        "{program} {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Namespaces with names of this test process's own; deleted (with their links) on drop.
pub(crate) struct Lab {
    names: Vec<String>,
    tag: String,
    links: u32,
}

impl Lab {
    /// A lab whose namespaces are named after `tag` (short: interface names are at most 15
    /// characters).
    pub(crate) fn new(tag: &str) -> Lab {
        Lab {
            names: Vec::new(),
            tag: format!("{}{tag}", std::process::id() % 100_000),
            links: 0,
        }
    }

    /// A new namespace called `role` here, its loopback up; returns its full name.
    pub(crate) fn namespace(&mut self, role: &str) -> String {
        let name = format!("stp-{}-{role}", self.tag);
        let _ = Command::new("ip").args(["netns", "del", &name]).output();
        ip(&["netns", "add", &name]);
        self.names.push(name.clone());
        ip(&["-n", &name, "link", "set", "lo", "up"]);
        name
    }

    /// A veth pair between namespaces `a` and `b`, with address `a_cidr` on `a`'s end and
    /// `b_cidr` on `b`'s, both up; returns the two ends' interface names.
    pub(crate) fn link(
        &mut self,
        a: &str,
        a_cidr: &str,
        b: &str,
        b_cidr: &str,
    ) -> (String, String) {
        self.links += 1;
        let (va, vb) = (
            format!("va{}{}", self.tag, self.links),
            format!("vb{}{}", self.tag, self.links),
        );
        ip(&["link", "add", &va, "type", "veth", "peer", "name", &vb]);
        for (ns, dev, cidr) in [(a, &va, a_cidr), (b, &vb, b_cidr)] {
            ip(&["link", "set", dev, "netns", ns]);
            ip(&["-n", ns, "addr", "add", cidr, "dev", dev]);
            ip(&["-n", ns, "link", "set", dev, "up"]);
        }
        (va, vb)
    }

    /// A route in namespace `ns`: `to` (a CIDR, or `default`) through `via`.
    pub(crate) fn route(&self, ns: &str, to: &str, via: &str) {
        ip(&["-n", ns, "route", "add", to, "via", via]);
    }

    /// Namespace `ns` forwards packets between its links (a router).
    pub(crate) fn forward(&self, ns: &str) {
        run(
            "ip",
            &[
                "netns",
                "exec",
                ns,
                "sysctl",
                "-qw",
                "net.ipv4.ip_forward=1",
            ],
            None,
        );
    }

    /// Namespace `ns` is a home router: what leaves by `outside` leaves with the router's
    /// address there (nftables masquerade, as a router's NAT does).
    pub(crate) fn masquerade(&self, ns: &str, outside: &str) {
        let rules = format!(
            "table ip nat {{\n chain postrouting {{\n  type nat hook postrouting priority 100;\n  oifname \"{outside}\" masquerade\n }}\n}}\n"
        );
        run("ip", &["netns", "exec", ns, "nft", "-f", "-"], Some(&rules));
    }

    /// The game run in namespace `ns` with `args` (`serve`'s with the tests' invite file).
    pub(crate) fn spawn_in(ns: &str, args: &[String]) -> Child {
        Command::new("ip")
            .args(["netns", "exec", ns, env!("CARGO_BIN_EXE_star-trek-panic")])
            .args(crate::network::with_invite_file(args))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run the game in a namespace")
    }
}

impl Drop for Lab {
    fn drop(&mut self) {
        for ns in &self.names {
            let _ = Command::new("ip").args(["netns", "del", ns]).output();
        }
    }
}
