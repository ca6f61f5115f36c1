// Generated from the Sauce API's OpenAPI document by openapi-typescript: do not edit.
// `npm run openapi:client` writes it again (apps/api/src/openapi.test.ts checks it is current).

export interface paths {
    "/api/auth/google/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sign in with a Google ID token */
        get: operations["googleSignIn"];
        put?: never;
        /** Sign up (or in) with a Google ID token */
        post: operations["googleSignUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/apple/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Start an Apple sign-in (redirects to Apple) */
        get: operations["appleAuthorize"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/apple/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign up (or in) with an Apple ID token */
        post: operations["appleSignUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/apple/signin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with an Apple ID token */
        post: operations["appleSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/dev/signin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Development sign-in by e-mail (local runs only) */
        post: operations["devSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sign-in methods offered by this server */
        get: operations["getAuthConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/token/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exchange a refresh token for new tokens */
        post: operations["refreshToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/token/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out and revoke the refresh token */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in person's profile */
        get: operations["getProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change nickname, job, marketing consent or tutorial state */
        patch: operations["updateProfile"];
        trace?: never;
    };
    "/api/workspace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Spaces the person belongs to, with role and abilities */
        get: operations["listWorkspaces"];
        put?: never;
        /** Create a team space (multipart name and image) */
        post: operations["createWorkspace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspace/invite/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Get the invite link of a permission */
        post: operations["createInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspace/invitation/{invitationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What an invite link opens */
        get: operations["getInvitation"];
        put?: never;
        /** Join a space by its invite link */
        post: operations["acceptInvitation"];
        /** Reset a permission's invite links */
        delete: operations["revokeInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspace/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A space with its members */
        get: operations["getWorkspace"];
        put?: never;
        post?: never;
        /** Delete a space without other members */
        delete: operations["deleteWorkspace"];
        options?: never;
        head?: never;
        /** Rename a space or change its image (multipart) */
        patch: operations["updateWorkspace"];
        trace?: never;
    };
    "/api/workspace/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A space's usage and the plan's limits */
        get: operations["getWorkspaceStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspace/{id}/leave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Leave a space */
        delete: operations["leaveWorkspace"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspace/{id}/user/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member from a space */
        delete: operations["removeMember"];
        options?: never;
        head?: never;
        /** Change a member's permission */
        patch: operations["changeMemberPermission"];
        trace?: never;
    };
    "/api/workspace/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Live changes of a space (Server-Sent Events) */
        get: operations["streamWorkspaceEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/archive/folder/{workspace}/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Folders of a space, in order */
        get: operations["listFolders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/archive/folder/{workspace}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a folder */
        post: operations["createFolder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/archive/folder/{workspace}/order": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Reorder the folders of a space */
        patch: operations["reorderFolders"];
        trace?: never;
    };
    "/api/archive/folder/{workspace}/{folderId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a folder */
        delete: operations["deleteFolder"];
        options?: never;
        head?: never;
        /** Rename a folder */
        patch: operations["renameFolder"];
        trace?: never;
    };
    "/api/archive/sauce/{workspace}/image/upload/single": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload one image for an image source (multipart file) */
        post: operations["uploadImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/archive/sauce/{workspace}/image/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Fresh URLs of one's own unsaved upload */
        get: operations["getUpload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/archive/sauce/{workspace}/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sources of a space, filtered and paged */
        get: operations["listSauces"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/archive/sauce/{workspace}/list/simple": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sources of a space, filtered and paged */
        get: operations["listSaucesSimple"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/archive/sauce/share/{shareId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A source shared by public link */
        get: operations["getSharedSauce"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/archive/sauce/{workspace}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A source */
        get: operations["getSauce"];
        put?: never;
        post?: never;
        /** Delete a source */
        delete: operations["deleteSauce"];
        options?: never;
        head?: never;
        /** Change a source */
        patch: operations["updateSauce"];
        trace?: never;
    };
    "/api/archive/sauce/{workspace}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a text or image source */
        post: operations["createSauce"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/archive/sauce/{workspace}/{id}/share": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn a source's public link on or off */
        post: operations["shareSauce"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/archive/tag/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The person's tags */
        get: operations["listTags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/archive/tag": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a tag */
        post: operations["createTag"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/archive/tag/favorite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark a tag as a favorite */
        post: operations["favoriteTag"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/archive/tag/favorite/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Unmark a favorite tag */
        delete: operations["unfavoriteTag"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/archive/tag/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every tag with the number of sources carrying it */
        get: operations["listTagUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/archive/tag/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a tag from the person's sources */
        delete: operations["deleteTag"];
        options?: never;
        head?: never;
        /** Rename (or merge) a tag */
        patch: operations["renameTag"];
        trace?: never;
    };
    "/api/metaData/getMeta": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Link preview (title, description, image) of a web page */
        get: operations["getLinkMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/discovery/articles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Curated articles, by category and search */
        get: operations["listArticles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/discovery/articles/category": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Article categories with their counts */
        get: operations["listArticleCategories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/discovery/articles/{articleId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An article */
        get: operations["getArticle"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/discovery/articles/{articleId}/fork": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Save an article into a space as a text source */
        post: operations["saveArticle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/discovery/admin/articles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All articles, hidden ones too (administrators) */
        get: operations["adminListArticles"];
        put?: never;
        /** Add an article (administrators) */
        post: operations["adminCreateArticle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/discovery/admin/articles/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Read a page for a new article (administrators) */
        post: operations["adminPreviewArticle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/discovery/admin/articles/{articleId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete an article (administrators) */
        delete: operations["adminDeleteArticle"];
        options?: never;
        head?: never;
        /** Edit or hide an article (administrators) */
        patch: operations["adminUpdateArticle"];
        trace?: never;
    };
    "/api/discovery/admin/feeds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Subscribed feeds (administrators) */
        get: operations["adminListFeeds"];
        put?: never;
        /** Subscribe a category to a feed (administrators) */
        post: operations["adminCreateFeed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/discovery/admin/feeds/{feedId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Unsubscribe a feed (administrators) */
        delete: operations["adminDeleteFeed"];
        options?: never;
        head?: never;
        /** Change a feed (administrators) */
        patch: operations["adminUpdateFeed"];
        trace?: never;
    };
    "/api/discovery/admin/feeds/{feedId}/poll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Read a feed now (administrators) */
        post: operations["adminPollFeed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in person, or null when signed out */
        get: operations["getSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/profile/image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove the profile picture */
        delete: operations["deleteProfileImage"];
        options?: never;
        head?: never;
        /** Change the profile picture (multipart image) */
        patch: operations["setProfileImage"];
        trace?: never;
    };
    "/api/auth/profile/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The person's figures: sources by type, spaces, tags */
        get: operations["getProfileCounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/withdrawal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What leaving Sauce would do */
        get: operations["getWithdrawal"];
        put?: never;
        /** Leave Sauce: delete the account */
        post: operations["withdraw"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download everything one can read (ZIP) */
        get: operations["exportAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The person's imports */
        get: operations["listImports"];
        put?: never;
        /** Import bookmarks or a Sauce export (multipart) */
        post: operations["importFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/import/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An import's progress */
        get: operations["getImport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/import/{id}/skipped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Entries an import did not bring in, and why */
        get: operations["listImportSkips"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/app/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The web app's links and settings */
        get: operations["getAppConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Notices, newest first */
        get: operations["listNotices"];
        put?: never;
        /** Write a notice (administrators) */
        post: operations["createNotice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notice/unread": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many notices the person has not seen */
        get: operations["getUnreadNotices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notice/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark the notices as seen */
        post: operations["markNoticesRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notice/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a notice (administrators) */
        delete: operations["deleteNotice"];
        options?: never;
        head?: never;
        /** Change a notice (administrators) */
        patch: operations["updateNotice"];
        trace?: never;
    };
    "/auth/apple/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Apple's form_post return of a sign-in (redirects to the page it started on) */
        post: operations["appleCallback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            /** @enum {boolean} */
            success: false;
            error: {
                /** @description A stable code, e.g. INVALID_FORMAT, UNAUTHENTICATED, NOT_FOUND, LIMIT_REACHED. */
                code: string;
                /** @description For people; may change. */
                message: string;
                /** @description More about the error, by code (e.g. `limitBytes`, `resource` and `limit`). */
                details?: unknown;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    googleSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            accessToken: string;
                            refreshToken: string;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    googleSignUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                    /** @default false */
                    agreeMarketing?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            accessToken: string;
                            refreshToken: string;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    appleAuthorize: {
        parameters: {
            query?: {
                destination?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    appleSignUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    idToken: string;
                    /** @default false */
                    agreeMarketing?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            accessToken: string;
                            refreshToken: string;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    appleSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    idToken: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            accessToken: string;
                            refreshToken: string;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    devSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    nickname?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            accessToken: string;
                            refreshToken: string;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAuthConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            devLogin: boolean;
                            google: {
                                clientId: string;
                            } | null;
                            apple: {
                                clientId: string;
                            } | null;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    refreshToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    refresh?: string;
                } | null;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            accessToken: string;
                            refreshToken: string;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    refresh?: string;
                } | null;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @enum {string|null} */
                        data: null;
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            email: string | null;
                            nickname: string;
                            profileImage: string | null;
                            /** @enum {string} */
                            jobType: "none" | "Product Designer" | "UXUI Designer" | "Designer" | "Service Planner" | "Product Manager" | "Developer";
                            agreeMarketing: boolean;
                            tutorial: boolean;
                            isAdmin: boolean;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    nickname?: string;
                    /** @enum {string} */
                    jobType?: "none" | "Product Designer" | "UXUI Designer" | "Designer" | "Service Planner" | "Product Manager" | "Developer";
                    agreeMarketing?: boolean;
                    tutorial?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            email: string | null;
                            nickname: string;
                            profileImage: string | null;
                            /** @enum {string} */
                            jobType: "none" | "Product Designer" | "UXUI Designer" | "Designer" | "Service Planner" | "Product Manager" | "Developer";
                            agreeMarketing: boolean;
                            tutorial: boolean;
                            isAdmin: boolean;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWorkspaces: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            name: string;
                            image: string | null;
                            isPersonal: boolean;
                            /** @enum {string} */
                            permission: "OWNER" | "EDITOR" | "READER";
                            abilities: {
                                read: boolean;
                                createSauce: boolean;
                                updateSauce: boolean;
                                deleteSauce: boolean;
                                shareSauce: boolean;
                                createFolder: boolean;
                                updateFolder: boolean;
                                deleteFolder: boolean;
                                reorderFolders: boolean;
                                inviteMembers: boolean;
                                manageMembers: boolean;
                                updateWorkspace: boolean;
                                deleteWorkspace: boolean;
                                leaveWorkspace: boolean;
                            };
                        }[];
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The space's name, 1–15 visible characters. */
                    name: string;
                    /**
                     * Format: binary
                     * @description The space's image (JPEG, PNG, WebP, GIF or AVIF, at most 5,242,880 bytes).
                     */
                    image?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            name: string;
                            image: string | null;
                            isPersonal: boolean;
                            /** @enum {string} */
                            permission: "OWNER" | "EDITOR" | "READER";
                            abilities: {
                                read: boolean;
                                createSauce: boolean;
                                updateSauce: boolean;
                                deleteSauce: boolean;
                                shareSauce: boolean;
                                createFolder: boolean;
                                updateFolder: boolean;
                                deleteFolder: boolean;
                                reorderFolders: boolean;
                                inviteMembers: boolean;
                                manageMembers: boolean;
                                updateWorkspace: boolean;
                                deleteWorkspace: boolean;
                                leaveWorkspace: boolean;
                            };
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    workspace: {
                        id: number;
                    };
                    /** @enum {string} */
                    permission: "OWNER" | "EDITOR" | "READER";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: string;
                            link: string;
                            /** @enum {string} */
                            permission: "OWNER" | "EDITOR" | "READER";
                            expiresAt: string;
                            expired: boolean;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invitationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: string;
                            /** @enum {string} */
                            permission: "OWNER" | "EDITOR" | "READER";
                            expiresAt: string;
                            expired: boolean;
                            workspace: {
                                id: number;
                                name: string;
                                image: string | null;
                                memberCount: number;
                            };
                            inviter: {
                                nickname: string;
                                profileImage: string | null;
                            };
                            isMember: boolean;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invitationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            name: string;
                            image: string | null;
                            isPersonal: boolean;
                            /** @enum {string} */
                            permission: "OWNER" | "EDITOR" | "READER";
                            abilities: {
                                read: boolean;
                                createSauce: boolean;
                                updateSauce: boolean;
                                deleteSauce: boolean;
                                shareSauce: boolean;
                                createFolder: boolean;
                                updateFolder: boolean;
                                deleteFolder: boolean;
                                reorderFolders: boolean;
                                inviteMembers: boolean;
                                manageMembers: boolean;
                                updateWorkspace: boolean;
                                deleteWorkspace: boolean;
                                leaveWorkspace: boolean;
                            };
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invitationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @enum {string|null} */
                        data: null;
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            name: string;
                            image: string | null;
                            isPersonal: boolean;
                            /** @enum {string} */
                            permission: "OWNER" | "EDITOR" | "READER";
                            abilities: {
                                read: boolean;
                                createSauce: boolean;
                                updateSauce: boolean;
                                deleteSauce: boolean;
                                shareSauce: boolean;
                                createFolder: boolean;
                                updateFolder: boolean;
                                deleteFolder: boolean;
                                reorderFolders: boolean;
                                inviteMembers: boolean;
                                manageMembers: boolean;
                                updateWorkspace: boolean;
                                deleteWorkspace: boolean;
                                leaveWorkspace: boolean;
                            };
                            folders: {
                                id: number;
                                name: string;
                                order: number;
                                itemCount: number;
                            }[];
                            users: {
                                id: number;
                                nickname: string;
                                profileImage: string | null;
                                /** @enum {string} */
                                permission: "OWNER" | "EDITOR" | "READER";
                                joinedAt: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @enum {string|null} */
                        data: null;
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The space's name, 1–15 visible characters. */
                    name?: string;
                    /**
                     * Format: binary
                     * @description The space's image (JPEG, PNG, WebP, GIF or AVIF, at most 5,242,880 bytes).
                     */
                    image?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            name: string;
                            image: string | null;
                            isPersonal: boolean;
                            /** @enum {string} */
                            permission: "OWNER" | "EDITOR" | "READER";
                            abilities: {
                                read: boolean;
                                createSauce: boolean;
                                updateSauce: boolean;
                                deleteSauce: boolean;
                                shareSauce: boolean;
                                createFolder: boolean;
                                updateFolder: boolean;
                                deleteFolder: boolean;
                                reorderFolders: boolean;
                                inviteMembers: boolean;
                                manageMembers: boolean;
                                updateWorkspace: boolean;
                                deleteWorkspace: boolean;
                                leaveWorkspace: boolean;
                            };
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWorkspaceStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            textSauceCount: number;
                            imageSauceCount: number;
                            folderCount: number;
                            memberCount: number;
                            storageBytes: number;
                            limits: {
                                sauces: number;
                                folders: number;
                                members: number;
                            };
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    leaveWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @enum {string|null} */
                        data: null;
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @enum {string|null} */
                        data: null;
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changeMemberPermission: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                userId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    permission: "OWNER" | "EDITOR" | "READER";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            nickname: string;
                            profileImage: string | null;
                            /** @enum {string} */
                            permission: "OWNER" | "EDITOR" | "READER";
                            joinedAt: string;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    streamWorkspaceEvents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listFolders: {
        parameters: {
            query?: {
                ordering?: "order";
            };
            header?: never;
            path: {
                workspace: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            results: {
                                id: number;
                                name: string;
                                order: number;
                                itemCount: number;
                            }[];
                            count: number;
                            next: number | null;
                            previous: number | null;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createFolder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspace: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            name: string;
                            order: number;
                            itemCount: number;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reorderFolders: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspace: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: number;
                    order: number;
                }[];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            name: string;
                            order: number;
                            itemCount: number;
                        }[];
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteFolder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspace: number;
                folderId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @enum {string|null} */
                        data: null;
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    renameFolder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspace: number;
                folderId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            name: string;
                            order: number;
                            itemCount: number;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadImage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspace: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The image: JPEG, PNG, WebP, GIF or AVIF, at most 20,971,520 bytes.
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            url: string;
                            thumbnailUrl: string;
                            originalUrl: string;
                            width: number;
                            height: number;
                            byteSize: number;
                            color: string;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUpload: {
        parameters: {
            query: {
                id: number | number[];
            };
            header?: never;
            path: {
                workspace: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            url: string;
                            thumbnailUrl: string;
                            originalUrl: string;
                            width: number;
                            height: number;
                            byteSize: number;
                            color: string;
                        }[];
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSauces: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                folder?: number;
                search?: string;
                tag?: string | string[];
                image?: "true" | "false";
                text?: "true" | "false";
                favorite?: "true" | "false";
            };
            header?: never;
            path: {
                workspace: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            results: {
                                id: number;
                                /** @enum {string} */
                                type: "TEXT" | "IMAGE";
                                title: string;
                                createdAt: string;
                                updatedAt: string;
                                thumbnail: string | null;
                                textCard: {
                                    text: string;
                                    link: string | null;
                                    title: string;
                                    description: string;
                                    image: string;
                                } | null;
                                textSauce: {
                                    text: string;
                                    link: string | null;
                                } | null;
                                imageSauce: {
                                    id: number;
                                    url: string;
                                    thumbnailUrl: string;
                                    originalUrl: string;
                                    width: number;
                                    height: number;
                                    byteSize: number;
                                    color: string;
                                    order: number;
                                    comments: {
                                        id: number;
                                        message: string;
                                        x: number;
                                        y: number;
                                        parent: number | null;
                                        authorNickname: string;
                                        authorProfileImage: string | null;
                                        createdAt: string;
                                        isEditable: boolean;
                                    }[];
                                }[] | null;
                                thumbnailMeta: {
                                    width: number;
                                    height: number;
                                    color: string;
                                } | null;
                                tagSet: {
                                    name: string;
                                }[];
                                folderSet: {
                                    id: number;
                                    name: string;
                                }[];
                                userNickname: string;
                                userProfileImage: string | null;
                                isEditable: boolean;
                                activeSauce: boolean;
                                isShareEnabled: boolean;
                                byteSize: number;
                                /** @enum {string} */
                                modeType: "Sauce" | "Article";
                                destination: string | null;
                                summary: {
                                    /** @enum {string} */
                                    status: "pending" | "ready" | "unavailable" | "failed";
                                    text: string;
                                    /** @enum {string|null} */
                                    method: "extractive" | "llm" | null;
                                } | null;
                            }[];
                            count: number;
                            next: number | null;
                            previous: number | null;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSaucesSimple: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                folder?: number;
                search?: string;
                tag?: string | string[];
                image?: "true" | "false";
                text?: "true" | "false";
                favorite?: "true" | "false";
            };
            header?: never;
            path: {
                workspace: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            results: {
                                id: number;
                                /** @enum {string} */
                                type: "TEXT" | "IMAGE";
                                title: string;
                                createdAt: string;
                                updatedAt: string;
                                thumbnail: string | null;
                                textCard: {
                                    text: string;
                                    link: string | null;
                                    title: string;
                                    description: string;
                                    image: string;
                                } | null;
                                textSauce: {
                                    text: string;
                                    link: string | null;
                                } | null;
                                imageSauce: {
                                    id: number;
                                    url: string;
                                    thumbnailUrl: string;
                                    originalUrl: string;
                                    width: number;
                                    height: number;
                                    byteSize: number;
                                    color: string;
                                    order: number;
                                    comments: {
                                        id: number;
                                        message: string;
                                        x: number;
                                        y: number;
                                        parent: number | null;
                                        authorNickname: string;
                                        authorProfileImage: string | null;
                                        createdAt: string;
                                        isEditable: boolean;
                                    }[];
                                }[] | null;
                                thumbnailMeta: {
                                    width: number;
                                    height: number;
                                    color: string;
                                } | null;
                                tagSet: {
                                    name: string;
                                }[];
                                folderSet: {
                                    id: number;
                                    name: string;
                                }[];
                                userNickname: string;
                                userProfileImage: string | null;
                                isEditable: boolean;
                                activeSauce: boolean;
                                isShareEnabled: boolean;
                                byteSize: number;
                                /** @enum {string} */
                                modeType: "Sauce" | "Article";
                                destination: string | null;
                                summary: {
                                    /** @enum {string} */
                                    status: "pending" | "ready" | "unavailable" | "failed";
                                    text: string;
                                    /** @enum {string|null} */
                                    method: "extractive" | "llm" | null;
                                } | null;
                            }[];
                            count: number;
                            next: number | null;
                            previous: number | null;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSharedSauce: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                shareId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            /** @enum {string} */
                            type: "TEXT" | "IMAGE";
                            title: string;
                            createdAt: string;
                            updatedAt: string;
                            thumbnail: string | null;
                            textCard: {
                                text: string;
                                link: string | null;
                                title: string;
                                description: string;
                                image: string;
                            } | null;
                            textSauce: {
                                text: string;
                                link: string | null;
                            } | null;
                            imageSauce: {
                                id: number;
                                url: string;
                                thumbnailUrl: string;
                                originalUrl: string;
                                width: number;
                                height: number;
                                byteSize: number;
                                color: string;
                                order: number;
                                comments: {
                                    id: number;
                                    message: string;
                                    x: number;
                                    y: number;
                                    parent: number | null;
                                    authorNickname: string;
                                    authorProfileImage: string | null;
                                    createdAt: string;
                                    isEditable: boolean;
                                }[];
                            }[] | null;
                            thumbnailMeta: {
                                width: number;
                                height: number;
                                color: string;
                            } | null;
                            tagSet: {
                                name: string;
                            }[];
                            folderSet: {
                                id: number;
                                name: string;
                            }[];
                            userNickname: string;
                            userProfileImage: string | null;
                            isEditable: boolean;
                            activeSauce: boolean;
                            isShareEnabled: boolean;
                            byteSize: number;
                            /** @enum {string} */
                            modeType: "Sauce" | "Article";
                            destination: string | null;
                            summary: {
                                /** @enum {string} */
                                status: "pending" | "ready" | "unavailable" | "failed";
                                text: string;
                                /** @enum {string|null} */
                                method: "extractive" | "llm" | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSauce: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspace: number;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            /** @enum {string} */
                            type: "TEXT" | "IMAGE";
                            title: string;
                            createdAt: string;
                            updatedAt: string;
                            thumbnail: string | null;
                            textCard: {
                                text: string;
                                link: string | null;
                                title: string;
                                description: string;
                                image: string;
                            } | null;
                            textSauce: {
                                text: string;
                                link: string | null;
                            } | null;
                            imageSauce: {
                                id: number;
                                url: string;
                                thumbnailUrl: string;
                                originalUrl: string;
                                width: number;
                                height: number;
                                byteSize: number;
                                color: string;
                                order: number;
                                comments: {
                                    id: number;
                                    message: string;
                                    x: number;
                                    y: number;
                                    parent: number | null;
                                    authorNickname: string;
                                    authorProfileImage: string | null;
                                    createdAt: string;
                                    isEditable: boolean;
                                }[];
                            }[] | null;
                            thumbnailMeta: {
                                width: number;
                                height: number;
                                color: string;
                            } | null;
                            tagSet: {
                                name: string;
                            }[];
                            folderSet: {
                                id: number;
                                name: string;
                            }[];
                            userNickname: string;
                            userProfileImage: string | null;
                            isEditable: boolean;
                            activeSauce: boolean;
                            isShareEnabled: boolean;
                            byteSize: number;
                            /** @enum {string} */
                            modeType: "Sauce" | "Article";
                            destination: string | null;
                            summary: {
                                /** @enum {string} */
                                status: "pending" | "ready" | "unavailable" | "failed";
                                text: string;
                                /** @enum {string|null} */
                                method: "extractive" | "llm" | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteSauce: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspace: number;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @enum {string|null} */
                        data: null;
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateSauce: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspace: number;
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string;
                    imageSauce?: {
                        id: number;
                        /** @default [] */
                        comments?: {
                            id: number | string;
                            message: string;
                            x: number;
                            y: number;
                            /** @default null */
                            parent?: (number | null) | (string | null);
                        }[];
                    }[];
                    textSauce?: {
                        text?: string;
                        link?: string | null;
                    };
                    tagSet?: string[];
                    folderSet?: number[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            /** @enum {string} */
                            type: "TEXT" | "IMAGE";
                            title: string;
                            createdAt: string;
                            updatedAt: string;
                            thumbnail: string | null;
                            textCard: {
                                text: string;
                                link: string | null;
                                title: string;
                                description: string;
                                image: string;
                            } | null;
                            textSauce: {
                                text: string;
                                link: string | null;
                            } | null;
                            imageSauce: {
                                id: number;
                                url: string;
                                thumbnailUrl: string;
                                originalUrl: string;
                                width: number;
                                height: number;
                                byteSize: number;
                                color: string;
                                order: number;
                                comments: {
                                    id: number;
                                    message: string;
                                    x: number;
                                    y: number;
                                    parent: number | null;
                                    authorNickname: string;
                                    authorProfileImage: string | null;
                                    createdAt: string;
                                    isEditable: boolean;
                                }[];
                            }[] | null;
                            thumbnailMeta: {
                                width: number;
                                height: number;
                                color: string;
                            } | null;
                            tagSet: {
                                name: string;
                            }[];
                            folderSet: {
                                id: number;
                                name: string;
                            }[];
                            userNickname: string;
                            userProfileImage: string | null;
                            isEditable: boolean;
                            activeSauce: boolean;
                            isShareEnabled: boolean;
                            byteSize: number;
                            /** @enum {string} */
                            modeType: "Sauce" | "Article";
                            destination: string | null;
                            summary: {
                                /** @enum {string} */
                                status: "pending" | "ready" | "unavailable" | "failed";
                                text: string;
                                /** @enum {string|null} */
                                method: "extractive" | "llm" | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createSauce: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspace: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    type: "TEXT";
                    title?: string;
                    textSauce: {
                        /** @default  */
                        text?: string;
                        /** @default null */
                        link?: string | null;
                    };
                    tagSet?: string[];
                    /** @default [] */
                    folderSet?: number[];
                } | {
                    /** @enum {string} */
                    type: "IMAGE";
                    title?: string;
                    imageSauce: {
                        id: number;
                        /** @default [] */
                        comments?: {
                            id: number | string;
                            message: string;
                            x: number;
                            y: number;
                            /** @default null */
                            parent?: (number | null) | (string | null);
                        }[];
                    }[];
                    tagSet?: string[];
                    /** @default [] */
                    folderSet?: number[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            /** @enum {string} */
                            type: "TEXT" | "IMAGE";
                            title: string;
                            createdAt: string;
                            updatedAt: string;
                            thumbnail: string | null;
                            textCard: {
                                text: string;
                                link: string | null;
                                title: string;
                                description: string;
                                image: string;
                            } | null;
                            textSauce: {
                                text: string;
                                link: string | null;
                            } | null;
                            imageSauce: {
                                id: number;
                                url: string;
                                thumbnailUrl: string;
                                originalUrl: string;
                                width: number;
                                height: number;
                                byteSize: number;
                                color: string;
                                order: number;
                                comments: {
                                    id: number;
                                    message: string;
                                    x: number;
                                    y: number;
                                    parent: number | null;
                                    authorNickname: string;
                                    authorProfileImage: string | null;
                                    createdAt: string;
                                    isEditable: boolean;
                                }[];
                            }[] | null;
                            thumbnailMeta: {
                                width: number;
                                height: number;
                                color: string;
                            } | null;
                            tagSet: {
                                name: string;
                            }[];
                            folderSet: {
                                id: number;
                                name: string;
                            }[];
                            userNickname: string;
                            userProfileImage: string | null;
                            isEditable: boolean;
                            activeSauce: boolean;
                            isShareEnabled: boolean;
                            byteSize: number;
                            /** @enum {string} */
                            modeType: "Sauce" | "Article";
                            destination: string | null;
                            summary: {
                                /** @enum {string} */
                                status: "pending" | "ready" | "unavailable" | "failed";
                                text: string;
                                /** @enum {string|null} */
                                method: "extractive" | "llm" | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    shareSauce: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspace: number;
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    isShareEnabled: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            link: string | null;
                            isShareEnabled: boolean;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTags: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                favorite?: "true" | "false";
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            results: {
                                name: string;
                                favorite: boolean;
                            }[];
                            count: number;
                            next: number | null;
                            previous: number | null;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTag: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            name: string;
                            favorite: boolean;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    favoriteTag: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            name: string;
                            favorite: boolean;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unfavoriteTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            name: string;
                            favorite: boolean;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTagUsage: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            results: {
                                name: string;
                                favorite: boolean;
                                useCount: number;
                            }[];
                            count: number;
                            next: number | null;
                            previous: number | null;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @enum {string|null} */
                        data: null;
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    renameTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            name: string;
                            favorite: boolean;
                            useCount: number;
                            merged: boolean;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLinkMetadata: {
        parameters: {
            query: {
                url: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            title: string;
                            description: string;
                            image: string;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listArticles: {
        parameters: {
            query?: {
                category?: number;
                search?: string;
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            results: {
                                id: number;
                                title: string;
                                destination: string;
                                publishedAt: string | null;
                                thumbnail: string | null;
                                favicon: string | null;
                                tags: string[];
                                uploader: string;
                                uploaderLink: string | null;
                                /** @enum {string} */
                                category: "all" | "design" | "business" | "development" | "marketing";
                                categoryId: number;
                                language: string | null;
                            }[];
                            count: number;
                            next: number | null;
                            previous: number | null;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listArticleCategories: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            /** @enum {string} */
                            category: "all" | "design" | "business" | "development" | "marketing";
                            icon: string;
                            articleCount: number;
                        }[];
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getArticle: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                articleId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            title: string;
                            destination: string;
                            publishedAt: string | null;
                            thumbnail: string | null;
                            favicon: string | null;
                            tags: string[];
                            uploader: string;
                            uploaderLink: string | null;
                            /** @enum {string} */
                            category: "all" | "design" | "business" | "development" | "marketing";
                            categoryId: number;
                            language: string | null;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    saveArticle: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                articleId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    workspace: {
                        id: number;
                    };
                    /** @default [] */
                    folderSet?: number[];
                    /** @default false */
                    aiEnable?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            sauce: {
                                id: number;
                                /** @enum {string} */
                                type: "TEXT" | "IMAGE";
                                title: string;
                                createdAt: string;
                                updatedAt: string;
                                thumbnail: string | null;
                                textCard: {
                                    text: string;
                                    link: string | null;
                                    title: string;
                                    description: string;
                                    image: string;
                                } | null;
                                textSauce: {
                                    text: string;
                                    link: string | null;
                                } | null;
                                imageSauce: {
                                    id: number;
                                    url: string;
                                    thumbnailUrl: string;
                                    originalUrl: string;
                                    width: number;
                                    height: number;
                                    byteSize: number;
                                    color: string;
                                    order: number;
                                    comments: {
                                        id: number;
                                        message: string;
                                        x: number;
                                        y: number;
                                        parent: number | null;
                                        authorNickname: string;
                                        authorProfileImage: string | null;
                                        createdAt: string;
                                        isEditable: boolean;
                                    }[];
                                }[] | null;
                                thumbnailMeta: {
                                    width: number;
                                    height: number;
                                    color: string;
                                } | null;
                                tagSet: {
                                    name: string;
                                }[];
                                folderSet: {
                                    id: number;
                                    name: string;
                                }[];
                                userNickname: string;
                                userProfileImage: string | null;
                                isEditable: boolean;
                                activeSauce: boolean;
                                isShareEnabled: boolean;
                                byteSize: number;
                                /** @enum {string} */
                                modeType: "Sauce" | "Article";
                                destination: string | null;
                                summary: {
                                    /** @enum {string} */
                                    status: "pending" | "ready" | "unavailable" | "failed";
                                    text: string;
                                    /** @enum {string|null} */
                                    method: "extractive" | "llm" | null;
                                } | null;
                            };
                            created: boolean;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminListArticles: {
        parameters: {
            query?: {
                category?: number;
                search?: string;
                status?: "all" | "visible" | "hidden";
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            results: {
                                id: number;
                                title: string;
                                destination: string;
                                publishedAt: string | null;
                                thumbnail: string | null;
                                favicon: string | null;
                                tags: string[];
                                uploader: string;
                                uploaderLink: string | null;
                                /** @enum {string} */
                                category: "all" | "design" | "business" | "development" | "marketing";
                                categoryId: number;
                                language: string | null;
                                hidden: boolean;
                                /** @enum {string} */
                                source: "seed" | "admin" | "feed";
                                canonicalUrl: string;
                                description: string;
                                feedId: number | null;
                                createdAt: string;
                            }[];
                            count: number;
                            next: number | null;
                            previous: number | null;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminCreateArticle: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                    categoryId: number;
                    tags?: string[];
                    title?: string;
                    publisher?: string;
                    publishedAt?: (string | null) | (string | null);
                    thumbnail?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            title: string;
                            destination: string;
                            publishedAt: string | null;
                            thumbnail: string | null;
                            favicon: string | null;
                            tags: string[];
                            uploader: string;
                            uploaderLink: string | null;
                            /** @enum {string} */
                            category: "all" | "design" | "business" | "development" | "marketing";
                            categoryId: number;
                            language: string | null;
                            hidden: boolean;
                            /** @enum {string} */
                            source: "seed" | "admin" | "feed";
                            canonicalUrl: string;
                            description: string;
                            feedId: number | null;
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminPreviewArticle: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            url: string;
                            canonicalUrl: string;
                            title: string;
                            description: string;
                            thumbnail: string | null;
                            favicon: string | null;
                            publisher: string;
                            publishedAt: string | null;
                            language: string | null;
                            readable: boolean;
                            existingId: number | null;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminDeleteArticle: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                articleId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @enum {string|null} */
                        data: null;
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminUpdateArticle: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                articleId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string;
                    categoryId?: number;
                    tags?: string[];
                    publisher?: string;
                    publishedAt?: (string | null) | (string | null);
                    thumbnail?: string | null;
                    hidden?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            title: string;
                            destination: string;
                            publishedAt: string | null;
                            thumbnail: string | null;
                            favicon: string | null;
                            tags: string[];
                            uploader: string;
                            uploaderLink: string | null;
                            /** @enum {string} */
                            category: "all" | "design" | "business" | "development" | "marketing";
                            categoryId: number;
                            language: string | null;
                            hidden: boolean;
                            /** @enum {string} */
                            source: "seed" | "admin" | "feed";
                            canonicalUrl: string;
                            description: string;
                            feedId: number | null;
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminListFeeds: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            url: string;
                            title: string;
                            categoryId: number;
                            /** @enum {string} */
                            category: "all" | "design" | "business" | "development" | "marketing";
                            enabled: boolean;
                            /** @enum {string} */
                            status: "pending" | "ok" | "failing";
                            lastError: {
                                /** @enum {string} */
                                code: "FEED_URL_NOT_ALLOWED" | "FEED_TIMEOUT" | "FEED_TOO_LARGE" | "FEED_TOO_MANY_REDIRECTS" | "FEED_NOT_XML" | "FEED_HTTP_ERROR" | "FEED_UNREACHABLE" | "FEED_INVALID";
                                message: string;
                            } | null;
                            failureCount: number;
                            lastCheckedAt: string | null;
                            lastSuccessAt: string | null;
                            articleCount: number;
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminCreateFeed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                    categoryId: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            feed: {
                                id: number;
                                url: string;
                                title: string;
                                categoryId: number;
                                /** @enum {string} */
                                category: "all" | "design" | "business" | "development" | "marketing";
                                enabled: boolean;
                                /** @enum {string} */
                                status: "pending" | "ok" | "failing";
                                lastError: {
                                    /** @enum {string} */
                                    code: "FEED_URL_NOT_ALLOWED" | "FEED_TIMEOUT" | "FEED_TOO_LARGE" | "FEED_TOO_MANY_REDIRECTS" | "FEED_NOT_XML" | "FEED_HTTP_ERROR" | "FEED_UNREACHABLE" | "FEED_INVALID";
                                    message: string;
                                } | null;
                                failureCount: number;
                                lastCheckedAt: string | null;
                                lastSuccessAt: string | null;
                                articleCount: number;
                                createdAt: string;
                            };
                            items: number;
                            added: number;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminDeleteFeed: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                feedId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @enum {string|null} */
                        data: null;
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminUpdateFeed: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                feedId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    categoryId?: number;
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            url: string;
                            title: string;
                            categoryId: number;
                            /** @enum {string} */
                            category: "all" | "design" | "business" | "development" | "marketing";
                            enabled: boolean;
                            /** @enum {string} */
                            status: "pending" | "ok" | "failing";
                            lastError: {
                                /** @enum {string} */
                                code: "FEED_URL_NOT_ALLOWED" | "FEED_TIMEOUT" | "FEED_TOO_LARGE" | "FEED_TOO_MANY_REDIRECTS" | "FEED_NOT_XML" | "FEED_HTTP_ERROR" | "FEED_UNREACHABLE" | "FEED_INVALID";
                                message: string;
                            } | null;
                            failureCount: number;
                            lastCheckedAt: string | null;
                            lastSuccessAt: string | null;
                            articleCount: number;
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminPollFeed: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                feedId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            feed: {
                                id: number;
                                url: string;
                                title: string;
                                categoryId: number;
                                /** @enum {string} */
                                category: "all" | "design" | "business" | "development" | "marketing";
                                enabled: boolean;
                                /** @enum {string} */
                                status: "pending" | "ok" | "failing";
                                lastError: {
                                    /** @enum {string} */
                                    code: "FEED_URL_NOT_ALLOWED" | "FEED_TIMEOUT" | "FEED_TOO_LARGE" | "FEED_TOO_MANY_REDIRECTS" | "FEED_NOT_XML" | "FEED_HTTP_ERROR" | "FEED_UNREACHABLE" | "FEED_INVALID";
                                    message: string;
                                } | null;
                                failureCount: number;
                                lastCheckedAt: string | null;
                                lastSuccessAt: string | null;
                                articleCount: number;
                                createdAt: string;
                            };
                            items: number;
                            added: number;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            user: {
                                id: number;
                                email: string | null;
                                nickname: string;
                                profileImage: string | null;
                                /** @enum {string} */
                                jobType: "none" | "Product Designer" | "UXUI Designer" | "Designer" | "Service Planner" | "Product Manager" | "Developer";
                                agreeMarketing: boolean;
                                tutorial: boolean;
                                isAdmin: boolean;
                            } | null;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteProfileImage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            email: string | null;
                            nickname: string;
                            profileImage: string | null;
                            /** @enum {string} */
                            jobType: "none" | "Product Designer" | "UXUI Designer" | "Designer" | "Service Planner" | "Product Manager" | "Developer";
                            agreeMarketing: boolean;
                            tutorial: boolean;
                            isAdmin: boolean;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setProfileImage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The picture: JPEG, PNG, WebP, GIF or AVIF, at most 5,242,880 bytes.
                     */
                    image: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            email: string | null;
                            nickname: string;
                            profileImage: string | null;
                            /** @enum {string} */
                            jobType: "none" | "Product Designer" | "UXUI Designer" | "Designer" | "Service Planner" | "Product Manager" | "Developer";
                            agreeMarketing: boolean;
                            tutorial: boolean;
                            isAdmin: boolean;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getProfileCounts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            sauceCount: number;
                            textSauceCount: number;
                            imageSauceCount: number;
                            workspaceCount: number;
                            tagCount: number;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWithdrawal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            sauceCount: number;
                            deletedWorkspaces: {
                                id: number;
                                name: string;
                            }[];
                            leftWorkspaces: {
                                id: number;
                                name: string;
                            }[];
                            blockingWorkspaces: {
                                id: number;
                                name: string;
                                memberCount: number;
                            }[];
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    withdraw: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @enum {string|null} */
                        data: null;
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listImports: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            /** @enum {string} */
                            status: "queued" | "running" | "done" | "failed";
                            /** @enum {string} */
                            format: "bookmarks-html" | "raindrop-csv" | "karakeep-json" | "sauce-export";
                            fileName: string;
                            workspace: {
                                id: number;
                                name: string;
                            } | null;
                            folder: {
                                id: number;
                                name: string;
                            } | null;
                            total: number;
                            processed: number;
                            imported: number;
                            skipped: number;
                            errorCode: string | null;
                            createdAt: string;
                            finishedAt: string | null;
                        }[];
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    importFile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The id of the space to import into (sent before the file). */
                    workspace: string;
                    /** @description The id of a folder of that space (optional). */
                    folder?: string;
                    /** @description What the file is (optional; its content decides): bookmarks-html, raindrop-csv, karakeep-json, sauce-export. */
                    format?: string;
                    /**
                     * Format: binary
                     * @description A bookmarks HTML, Raindrop CSV, Karakeep JSON or Sauce export (ZIP or JSON), at most 50 MB.
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            /** @enum {string} */
                            status: "queued" | "running" | "done" | "failed";
                            /** @enum {string} */
                            format: "bookmarks-html" | "raindrop-csv" | "karakeep-json" | "sauce-export";
                            fileName: string;
                            workspace: {
                                id: number;
                                name: string;
                            } | null;
                            folder: {
                                id: number;
                                name: string;
                            } | null;
                            total: number;
                            processed: number;
                            imported: number;
                            skipped: number;
                            errorCode: string | null;
                            createdAt: string;
                            finishedAt: string | null;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            /** @enum {string} */
                            status: "queued" | "running" | "done" | "failed";
                            /** @enum {string} */
                            format: "bookmarks-html" | "raindrop-csv" | "karakeep-json" | "sauce-export";
                            fileName: string;
                            workspace: {
                                id: number;
                                name: string;
                            } | null;
                            folder: {
                                id: number;
                                name: string;
                            } | null;
                            total: number;
                            processed: number;
                            imported: number;
                            skipped: number;
                            errorCode: string | null;
                            createdAt: string;
                            finishedAt: string | null;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listImportSkips: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            results: {
                                title: string;
                                url: string | null;
                                /** @enum {string} */
                                reason: "duplicate" | "limit" | "invalidLink" | "empty" | "invalidImage";
                            }[];
                            count: number;
                            next: number | null;
                            previous: number | null;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAppConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            links: {
                                feedback: string | null;
                                android: string | null;
                                ios: string | null;
                                plugin: string | null;
                            };
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listNotices: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            results: {
                                id: number;
                                title: string;
                                body: string;
                                createdAt: string;
                                isNew: boolean;
                            }[];
                            count: number;
                            next: number | null;
                            previous: number | null;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createNotice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    body: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            title: string;
                            body: string;
                            createdAt: string;
                            isNew: boolean;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUnreadNotices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            count: number;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    markNoticesRead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @enum {string|null} */
                        data: null;
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteNotice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @enum {string|null} */
                        data: null;
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateNotice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    body: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            title: string;
                            body: string;
                            createdAt: string;
                            isNew: boolean;
                        };
                    };
                };
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    appleCallback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    state?: string;
                    code?: string;
                    id_token?: string;
                    user?: string;
                    error?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 413, 415, 422, 429). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error or database unavailable (503, with Retry-After). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
