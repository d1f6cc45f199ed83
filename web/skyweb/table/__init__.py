"""A table of several devices: one game, its host on one device, a guest on each other.

One package, two halves, because a first visit that never opens a table should not
download the table's code. The page's half ships in engine.zip, since the game screen
(ui.App) is built of it; the rest is table.zip, fetched when a table is hosted or
joined (parts.fetch_part adds it to this package's path):

- the page (engine.zip, imports pyscript): `screen.py` (the Table dialog, the join
  screen, the bar of emotes, what a guest's news changes), `codes.py` (the code method
  of one local network: invitations, answers, rejoin codes, the other tabs) and
  `online_page.py` (the online method: the host's consent and servers, each seat's link,
  the guest's join through the relays);
- pure Python (table.zip): `protocol.py` (the messages, and each code format read here),
  `transport.py` (a link's interface, and one in memory for the tests), `host.py` (the
  host, with the table of what it does with each message), `guest.py` (a seat played
  here), `view.py` (what the page draws of a guest: a read-only view of its position),
  `online.py` (an online link and the host's servers) and `dialog.py` (the dialog's
  HTML, as functions of plain data).

In the browser the connections are `web/rtc.mjs` (WebRTC and its codes) and
`web/online.mjs` (the handshake through Nostr relays): docs/webrtc.md, docs/protocol.md.
"""
