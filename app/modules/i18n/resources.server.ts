import type { Resource } from "i18next";
import enAdmin from "../../../public/locales/en/admin.json";
import enAttendance from "../../../public/locales/en/attendance.json";
import enAuth from "../../../public/locales/en/auth.json";
import enBadges from "../../../public/locales/en/badges.json";
import enChat from "../../../public/locales/en/chat.json";
import enCommon from "../../../public/locales/en/common.json";
import enEarnings from "../../../public/locales/en/earnings.json";
import enEmails from "../../../public/locales/en/emails.json";
import enErrors from "../../../public/locales/en/errors.json";
import enGroups from "../../../public/locales/en/groups.json";
import enInquiries from "../../../public/locales/en/inquiries.json";
import enMailbox from "../../../public/locales/en/mailbox.json";
import enNotifications from "../../../public/locales/en/notifications.json";
import enOffline from "../../../public/locales/en/offline.json";
import enPayments from "../../../public/locales/en/payments.json";
import enPayouts from "../../../public/locales/en/payouts.json";
import enProfile from "../../../public/locales/en/profile.json";
import enReviews from "../../../public/locales/en/reviews.json";
import enSafety from "../../../public/locales/en/safety.json";
import enSessions from "../../../public/locales/en/sessions.json";
import enSubscriptions from "../../../public/locales/en/subscriptions.json";
import enTips from "../../../public/locales/en/tips.json";
import enValidation from "../../../public/locales/en/validation.json";
import esAdmin from "../../../public/locales/es/admin.json";
import esAttendance from "../../../public/locales/es/attendance.json";
import esAuth from "../../../public/locales/es/auth.json";
import esBadges from "../../../public/locales/es/badges.json";
import esChat from "../../../public/locales/es/chat.json";
import esCommon from "../../../public/locales/es/common.json";
import esEarnings from "../../../public/locales/es/earnings.json";
import esEmails from "../../../public/locales/es/emails.json";
import esErrors from "../../../public/locales/es/errors.json";
import esGroups from "../../../public/locales/es/groups.json";
import esInquiries from "../../../public/locales/es/inquiries.json";
import esMailbox from "../../../public/locales/es/mailbox.json";
import esNotifications from "../../../public/locales/es/notifications.json";
import esOffline from "../../../public/locales/es/offline.json";
import esPayments from "../../../public/locales/es/payments.json";
import esPayouts from "../../../public/locales/es/payouts.json";
import esProfile from "../../../public/locales/es/profile.json";
import esReviews from "../../../public/locales/es/reviews.json";
import esSafety from "../../../public/locales/es/safety.json";
import esSessions from "../../../public/locales/es/sessions.json";
import esSubscriptions from "../../../public/locales/es/subscriptions.json";
import esTips from "../../../public/locales/es/tips.json";
import esValidation from "../../../public/locales/es/validation.json";
import ptAdmin from "../../../public/locales/pt/admin.json";
import ptAttendance from "../../../public/locales/pt/attendance.json";
import ptAuth from "../../../public/locales/pt/auth.json";
import ptBadges from "../../../public/locales/pt/badges.json";
import ptChat from "../../../public/locales/pt/chat.json";
import ptCommon from "../../../public/locales/pt/common.json";
import ptEarnings from "../../../public/locales/pt/earnings.json";
import ptEmails from "../../../public/locales/pt/emails.json";
import ptErrors from "../../../public/locales/pt/errors.json";
import ptGroups from "../../../public/locales/pt/groups.json";
import ptInquiries from "../../../public/locales/pt/inquiries.json";
import ptMailbox from "../../../public/locales/pt/mailbox.json";
import ptNotifications from "../../../public/locales/pt/notifications.json";
import ptOffline from "../../../public/locales/pt/offline.json";
import ptPayments from "../../../public/locales/pt/payments.json";
import ptPayouts from "../../../public/locales/pt/payouts.json";
import ptProfile from "../../../public/locales/pt/profile.json";
import ptReviews from "../../../public/locales/pt/reviews.json";
import ptSafety from "../../../public/locales/pt/safety.json";
import ptSessions from "../../../public/locales/pt/sessions.json";
import ptSubscriptions from "../../../public/locales/pt/subscriptions.json";
import ptTips from "../../../public/locales/pt/tips.json";
import ptValidation from "../../../public/locales/pt/validation.json";

// Bundled into the server build so rendering never waits on the file system.
export const resources: Resource = {
  es: {
    common: esCommon,
    auth: esAuth,
    validation: esValidation,
    errors: esErrors,
    emails: esEmails,
    profile: esProfile,
    mailbox: esMailbox,
    notifications: esNotifications,
    sessions: esSessions,
    payments: esPayments,
    chat: esChat,
    subscriptions: esSubscriptions,
    reviews: esReviews,
    attendance: esAttendance,
    badges: esBadges,
    inquiries: esInquiries,
    groups: esGroups,
    admin: esAdmin,
    safety: esSafety,
    payouts: esPayouts,
    earnings: esEarnings,
    tips: esTips,
    offline: esOffline,
  },
  en: {
    common: enCommon,
    auth: enAuth,
    validation: enValidation,
    errors: enErrors,
    emails: enEmails,
    profile: enProfile,
    mailbox: enMailbox,
    notifications: enNotifications,
    sessions: enSessions,
    payments: enPayments,
    chat: enChat,
    subscriptions: enSubscriptions,
    reviews: enReviews,
    attendance: enAttendance,
    badges: enBadges,
    inquiries: enInquiries,
    groups: enGroups,
    admin: enAdmin,
    safety: enSafety,
    payouts: enPayouts,
    earnings: enEarnings,
    tips: enTips,
    offline: enOffline,
  },
  pt: {
    common: ptCommon,
    auth: ptAuth,
    validation: ptValidation,
    errors: ptErrors,
    emails: ptEmails,
    profile: ptProfile,
    mailbox: ptMailbox,
    notifications: ptNotifications,
    sessions: ptSessions,
    payments: ptPayments,
    chat: ptChat,
    subscriptions: ptSubscriptions,
    reviews: ptReviews,
    attendance: ptAttendance,
    badges: ptBadges,
    inquiries: ptInquiries,
    groups: ptGroups,
    admin: ptAdmin,
    safety: ptSafety,
    payouts: ptPayouts,
    earnings: ptEarnings,
    tips: ptTips,
    offline: ptOffline,
  },
};
