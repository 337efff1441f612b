//! Each client address's share of what the server holds (issue 57), as nginx's `limit_conn`
//! keys it on the client's address: one address cannot take all the connections or the whole
//! body budget, so 1 500 slow connections from one machine leave the rest to everyone else. An
//! address is a client's IPv4 address, or the /64 network of its IPv6 address (one machine
//! usually holds a whole /64, so its addresses count as one).

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::Semaphore;

/// The client address of a request or connection, as its share is keyed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Peer(IpAddr);

impl Peer {
    /// The key of `ip`: itself for IPv4 (and IPv4 mapped into IPv6), its /64 for IPv6.
    pub fn of(ip: IpAddr) -> Peer {
        match ip {
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => Peer(IpAddr::V4(v4)),
                None => {
                    let s = v6.segments();
                    Peer(IpAddr::V6(Ipv6Addr::new(
                        s[0], s[1], s[2], s[3], 0, 0, 0, 0,
                    )))
                }
            },
            v4 => Peer(v4),
        }
    }
}

/// The addresses seen past which the idle shares are forgotten when a new one comes.
const KEPT_ADDRESSES: usize = 1024;

/// Each address's budget of one thing (bytes of bodies), `each` units, taken as semaphore
/// permits: an address's entry goes once nothing of it is held.
pub struct Shares {
    each: usize,
    budgets: Mutex<HashMap<Option<Peer>, Arc<Semaphore>>>,
}

impl Shares {
    pub fn new(each: usize) -> Shares {
        Shares {
            each,
            budgets: Mutex::new(HashMap::new()),
        }
    }

    /// The budget of `peer` (None: a request without an address, all such share one).
    pub fn of(&self, peer: Option<Peer>) -> Arc<Semaphore> {
        let mut budgets = self.budgets.lock().unwrap_or_else(PoisonError::into_inner);
        if budgets.len() >= KEPT_ADDRESSES && !budgets.contains_key(&peer) {
            // Held by no request (the map's own Arc is the only one): nothing to keep.
            budgets.retain(|_, budget| Arc::strong_count(budget) > 1);
        }
        let each = self.each;
        budgets
            .entry(peer)
            .or_insert_with(|| Arc::new(Semaphore::new(each)))
            .clone()
    }
}

/// The connections open, in all and by address.
#[derive(Default)]
pub struct Open {
    by_address: Mutex<HashMap<Peer, usize>>,
}

/// One connection counted in [`Open`], uncounted when dropped.
pub struct Counted {
    open: Arc<Open>,
    peer: Peer,
}

impl Open {
    /// The connections open from `peer`.
    pub fn count(&self, peer: Peer) -> usize {
        let open = self
            .by_address
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        open.get(&peer).copied().unwrap_or(0)
    }

    /// Counts a connection from `peer` when the address has fewer than `most` open, else None.
    pub fn enter(self: &Arc<Open>, peer: Peer, most: usize) -> Option<Counted> {
        let mut open = self
            .by_address
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let count = open.entry(peer).or_insert(0);
        if *count >= most {
            return None;
        }
        *count += 1;
        Some(Counted {
            open: self.clone(),
            peer,
        })
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        let mut open = self
            .open
            .by_address
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.peer) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.peer);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_is_refused_past_its_share_and_others_are_not() {
        let ip = |text: &str| Peer::of(text.parse().unwrap());
        assert_eq!(ip("2001:db8::1"), ip("2001:db8::ffff:2"));
        assert_ne!(ip("2001:db8:0:1::1"), ip("2001:db8::1"));
        assert_eq!(ip("::ffff:10.0.0.1"), ip("10.0.0.1"));
        let open = Arc::new(Open::default());
        let held: Vec<Counted> = (0..3)
            .map(|_| open.enter(ip("127.0.0.2"), 3).expect("within the share"))
            .collect();
        assert!(open.enter(ip("127.0.0.2"), 3).is_none());
        let other = open.enter(ip("127.0.0.1"), 3).expect("another address");
        drop(held);
        assert!(open.enter(ip("127.0.0.2"), 3).is_some());
        drop(other);
        assert!(open.by_address.lock().unwrap().is_empty());
        let shares = Shares::new(10);
        let one = shares.of(Some(ip("127.0.0.2")));
        assert!(one.try_acquire_many(10).is_ok());
        let again = shares.of(Some(ip("127.0.0.2")));
        assert!(Arc::ptr_eq(&one, &again));
        assert_eq!(shares.of(None).available_permits(), 10);
    }
}
