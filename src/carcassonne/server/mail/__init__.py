"""E-mail: the outbox's sender, what each mail says, and the links in it.

A change that should reach a player by mail queues an ``outbox`` row in its
own transaction (``server/outbox.py``). The sender (:mod:`.sender`) claims
waiting rows, so that with many processes each row is claimed by one,
renders each in its account's language (:mod:`.render`, the words in
:mod:`.texts`), sends it over SMTP or writes it to the log
(:mod:`.transport`), and marks it done. :mod:`.links` makes and uses the
single-use links a mail carries (verify an address, reset a password,
unsubscribe); :mod:`.settings` reads and writes an account's address,
language and notices. docs/mail.md is the contract.
"""
