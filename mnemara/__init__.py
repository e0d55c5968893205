"""Mnemara's ground floor: the kernel the apps build on (``mnemara.kernel``) and the installable client
(``mnemara.client``). The wiring and the runtime are in ``server``."""
