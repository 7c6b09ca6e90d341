"""The sentences of django-allauth's account pages, messages and e-mails (and of the password
rules Django words for them) that its Spanish catalogue says with "usted". Listed here so
makemessages keeps them in our catalogue, where they are said with "tú" like every other page:
a translation in LOCALE_PATHS is looked up before an installed package's.

Each entry must match allauth's (or Django's) English exactly, or ours is never used;
tests/i18n/test_allauth_es.py checks that each one is found and said with "tú"."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

SAID_WITH_TU = (
    # Pages: sign in, sign up, sign out, password reset and change, e-mail addresses.
    _("If you have not created an account yet, then please %(link)ssign up%(end_link)s first."),
    _("Already have an account? Then please %(link)ssign in%(end_link)s."),
    _("Forgot your password?"),
    _("Are you sure you want to sign out?"),
    _(
        "Forgotten your password? Enter your email address below, and we'll send you an email "
        "allowing you to reset it."
    ),
    _("Please contact us if you have any trouble resetting your password."),
    _(
        "We have sent you an email. If you have not received it please check your spam folder. "
        "Otherwise contact us if you do not receive it in a few minutes."
    ),
    _(
        "The password reset link was invalid, possibly because it has already been used.  "
        'Please request a <a href="%(passwd_reset_url)s">new password reset</a>.'
    ),
    _("Your password is now changed."),
    _("Please reauthenticate to safeguard your account."),
    _("Enter your password:"),
    _("The following email addresses are associated with your account:"),
    _("Do you really want to remove the selected email address?"),
    _(
        'Please confirm that <a href="mailto:%(email)s">%(email)s</a> is an email address for '
        "user %(user_display)s."
    ),
    _(
        "This email confirmation link expired or is invalid. Please "
        '<a href="%(email_url)s">issue a new email confirmation request</a>.'
    ),
    _("Verify Your Email Address"),
    _(
        "We have sent an email to you for verification. Follow the link provided to finalize "
        "the signup process. If you do not see the verification email in your main inbox, "
        "check your spam folder. Please contact us if you do not receive the verification "
        "email within a few minutes."
    ),
    _(
        "This part of the site requires us to verify that\nyou are who you claim to be. For "
        "this purpose, we require that you\nverify ownership of your email address. "
    ),
    _(
        "We have sent an email to you for\nverification. Please click on the link inside that "
        "email. If you do not see the verification email in your main inbox, check your spam "
        "folder. Otherwise\ncontact us if you do not receive it within a few minutes."
    ),
    _("You are already logged in as %(user_display)s."),
    _(
        "You currently do not have any email address set up. You should really add an email "
        "address so you can receive notifications, reset your password, etc."
    ),
    # Refusals of the forms.
    _("You cannot remove your primary email address."),
    _("The email address and/or password you specified are not correct."),
    _("The username and/or password you specified are not correct."),
    _("Please type your current password."),
    _("You cannot add more than %d email addresses."),
    _("Too many failed login attempts. Try again later."),
    _("Your primary email address must be verified."),
    _("Username can not be used. Please use other username."),
    _("Use your password"),
    _("You must type the same password each time."),
    _("You must type the same email each time."),
    # Messages shown after an action.
    _("You cannot remove your primary email address (%(email)s)."),
    _("You have confirmed %(email)s."),
    _("Successfully signed in as %(name)s."),
    _("You have signed out."),
    # E-mails.
    _("Please Confirm Your Email Address"),
    _(
        "You are receiving this email because you or someone else tried to signup for an\n"
        "account using email address:\n\n%(email)s\n\nHowever, an account using that email "
        "address already exists.  In case you have\nforgotten about this, please use the "
        "password forgotten procedure to recover\nyour account:\n\n%(password_reset_url)s"
    ),
    _("You are receiving this mail because the following change was made to your account:"),
    _(
        "If you do not recognize this change then please take proper security precautions "
        "immediately. The change to your account originates from:\n\n- IP address: %(ip)s\n"
        "- Browser: %(user_agent)s\n- Date: %(timestamp)s"
    ),
    _("Your password has been changed."),
    _(
        "You're receiving this email because you or someone else has requested a password "
        "reset for your user account.\nIt can be safely ignored if you did not request a "
        "password reset. Click the link below to reset your password."
    ),
    _("In case you forgot, your username is %(username)s."),
    _("Your password has been reset."),
    _("Your password has been set."),
    # The password rules Django words (settings.AUTH_PASSWORD_VALIDATORS).
    ngettext_lazy(
        "Your password must contain at least %(min_length)d character.",
        "Your password must contain at least %(min_length)d characters.",
        "min_length",
    ),
    _("Your password can’t be a commonly used password."),  # noqa: RUF001 (Django's own)
)
